import { type BookDetail, type BookMetadata, type BookPageResponse, parseRelatedList } from '@shelf/contracts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { api } from './api';
import { runSiteCommand } from './site-command';

export interface NewChapter {
  chapter_id: number;
  title: string;
  content: string;
  uploaded_time: string;
}

/** What `npm run catalog -- import` reports: per kind, how many were published, updated or left unchanged. */
export type ImportCounts = Record<'books' | 'chapters', Record<'published' | 'updated' | 'unchanged', number>>;

const list = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const refs = (text: string) => parseRelatedList(text).map(({ bookId, name }) => ({ book_id: Number(bookId), name }));

/** The book's metadata as its page shows it, back in the import format's shape (book.json). */
export function metadataOf(book: BookDetail): BookMetadata {
  return {
    book_id: book.book_id,
    english_book_name: book.english_book_name,
    original_book_name: book.original_book_name,
    associated_names: list(book.associated_names),
    author: book.author,
    cover_image: book.cover_image,
    raw_source: book.raw_source,
    description: book.description,
    book_tl_note: book.book_tl_note,
    diversities: book.diversities as BookMetadata['diversities'],
    original_languages: book.original_languages as BookMetadata['original_languages'],
    completion_statuses: book.completion_statuses as BookMetadata['completion_statuses'],
    endings: book.endings as BookMetadata['endings'],
    genres: list(book.genres) as BookMetadata['genres'],
    settings: list(book.settings) as BookMetadata['settings'],
    tags: list(book.tags) as BookMetadata['tags'],
    part_of_series: refs(book.part_of_series),
    shared_universe: refs(book.shared_universe),
    similar_theme: refs(book.similar_theme),
  };
}

const storyExists = async (bookId: number): Promise<boolean> => (await fetch(`${inject('site').baseUrl}/api/${bookId}`)).status !== 404;

/**
 * Publishes a chapter of an existing book the way an editor does: an import folder holding the book and its glossary (unchanged) and
 * the one chapter, imported with `npm run catalog -- import` against the running site (docs/catalog-import.md).
 */
export async function publishChapter(book: BookDetail, chapter: NewChapter): Promise<ImportCounts> {
  const root = await mkdtemp(join(tmpdir(), 'shelf-new-chapter-'));
  try {
    const folder = join(root, String(book.book_id));
    await mkdir(join(folder, 'chapters'), { recursive: true });
    await writeFile(join(folder, 'book.json'), JSON.stringify(metadataOf(book), null, 2));
    // Its glossary as the story's page has it, unchanged too (none for a book the site does not hold yet).
    const glossary = (await storyExists(book.book_id)) ? (await api<BookPageResponse>(`/${book.book_id}`)).glossary : [];
    if (glossary.length > 0) await writeFile(join(folder, 'glossary.json'), JSON.stringify(glossary, null, 2));
    // JSON strings are YAML strings: the front matter holds any title as it is.
    const front = `title: ${JSON.stringify(chapter.title)}\nuploaded_time: ${JSON.stringify(chapter.uploaded_time)}\n`;
    await writeFile(join(folder, 'chapters', `${String(chapter.chapter_id).padStart(4, '0')}.md`), `---\n${front}---\n${chapter.content}\n`);
    const { output } = await runSiteCommand(process.execPath, 'backend/dist/modules/catalog/cli/main.js', 'import', root);
    const reported = /imported: (\{.*\})/.exec(output);
    if (!reported) throw new Error(`the import reported nothing:\n${output}`);
    return JSON.parse(reported[1]) as ImportCounts;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
