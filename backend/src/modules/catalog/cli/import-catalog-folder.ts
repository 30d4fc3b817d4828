import type { CommandBus } from '@nestjs/cqrs';
import type { ChapterData } from '@shelf/contracts';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SaveBookCommand } from '../application/save-book.command';
import { SaveChapterCommand } from '../application/save-chapter.command';
import type { SaveOutcome } from '../domain/catalog-decisions';
import { validateBookMetadata } from '../domain/validate-book-metadata';
import { ChapterFileError, parseChapterFile } from '../import-format/chapter-file';
import { eventMetadata } from '../../../event-store/event-metadata';

export type ImportCounts = Record<'books' | 'chapters', Record<SaveOutcome, number>>;

export class ImportError extends Error {}

const CHAPTER_FILE = /^(\d+)\.md$/;

/**
 * Imports a catalog folder (docs/catalog-import.md): one folder per book with `book.json`, an optional
 * `glossary.json` and `chapters/NNNN.md`.
 * Every book and chapter goes through the same commands as any other change, so importing an unchanged folder
 * again appends nothing. A malformed file stops the import with its path and the problem.
 */
export async function importCatalogFolder(root: string, commands: CommandBus): Promise<ImportCounts> {
  const counts: ImportCounts = {
    books: { published: 0, updated: 0, unchanged: 0 },
    chapters: { published: 0, updated: 0, unchanged: 0 },
  };
  const by = eventMetadata('catalog-import');
  const folders = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  for (const folder of folders) {
    const bookFile = join(root, folder, 'book.json');
    const glossaryFile = join(root, folder, 'glossary.json');
    const glossary = await readJson(glossaryFile, { optional: true });
    const metadata = await readJson(bookFile);
    const parsed = validateBookMetadata(glossary === undefined ? metadata : { ...(metadata as object), glossary });
    if (!parsed.ok) throw new ImportError(`${parsed.errors.some((error) => error.startsWith('glossary: ')) ? glossaryFile : bookFile}: ${parsed.errors.join('; ')}`);
    const book = parsed.value;
    counts.books[await commands.execute<SaveBookCommand, SaveOutcome>(new SaveBookCommand(book, by))]++;

    const chapterDir = join(root, folder, 'chapters');
    const files = (await readdir(chapterDir).catch(() => [])).filter((name) => CHAPTER_FILE.test(name)).sort();
    for (const file of files) {
      const path = join(chapterDir, file);
      let chapter: ChapterData;
      try {
        const { front, content } = parseChapterFile(await readFile(path, 'utf8'));
        chapter = { book_id: book.book_id, chapter_id: Number(CHAPTER_FILE.exec(file)![1]), ...front, content };
      } catch (error) {
        if (error instanceof ChapterFileError) throw new ImportError(`${path}: ${error.message}`);
        throw error;
      }
      if (chapter.chapter_id < 1) throw new ImportError(`${path}: chapter numbers start at 1`);
      counts.chapters[await commands.execute<SaveChapterCommand, SaveOutcome>(new SaveChapterCommand(chapter, by))]++;
    }
  }
  return counts;
}

/** A file's JSON; with `optional`, undefined when there is no such file. */
async function readJson(path: string, { optional = false } = {}): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    if (optional && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ImportError(`${path}: ${(error as Error).message}`);
  }
}
