import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type BookMetadata, type ChapterData } from '@shelf/contracts';
import { formatChapterFile } from '../modules/catalog';

/** A URL-friendly form of a name: lowercase letters, digits and single hyphens. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/[ -]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `<book_id>-<slug>`, or just the id when the name has no Latin letters or digits. */
export function bookFolderName(book: Pick<BookMetadata, 'book_id' | 'english_book_name'>): string {
  const slug = slugify(book.english_book_name);
  return slug ? `${book.book_id}-${slug}` : String(book.book_id);
}

/** `0001.md`: the chapter id zero-padded to four digits. */
export function chapterFileName(chapterId: number): string {
  return `${String(chapterId).padStart(4, '0')}.md`;
}

function chapterFile(chapter: ChapterData): string {
  const { title, uploaded_time, footnote, chapter_author_note, chapter_tl_note } = chapter;
  return formatChapterFile({ title, uploaded_time, footnote, chapter_author_note, chapter_tl_note }, chapter.content);
}

/**
 * Writes a catalog in the import folder format: `<root>/<book_id>-<slug>/book.json`, its `glossary.json` if it has one, and one
 * `chapters/<nnnn>.md` per chapter. Existing files are overwritten, so writing the same catalog twice gives
 * identical bytes. Books are written one at a time, so a lazily generated catalog never sits in memory.
 */
export async function writeCatalogFolder(
  root: string,
  catalog: Iterable<{ book: BookMetadata; chapters: ChapterData[] }>,
): Promise<{ books: number; chapters: number }> {
  const written = { books: 0, chapters: 0 };
  for (const { book, chapters } of catalog) {
    const folder = join(root, bookFolderName(book));
    await mkdir(join(folder, 'chapters'), { recursive: true });
    // The glossary goes in a file of its own, as docs/catalog-import.md has it.
    const { glossary, ...metadata } = book;
    await writeFile(join(folder, 'book.json'), `${JSON.stringify(metadata, null, 2)}\n`);
    if (glossary) await writeFile(join(folder, 'glossary.json'), `${JSON.stringify(glossary, null, 2)}\n`);
    await Promise.all(
      chapters.map((chapter) => writeFile(join(folder, 'chapters', chapterFileName(chapter.chapter_id)), chapterFile(chapter))),
    );
    written.books += 1;
    written.chapters += chapters.length;
  }
  return written;
}
