import type { CommandBus } from '@nestjs/cqrs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDemoCatalog } from '../../../demo-catalog/demo-catalog';
import { writeCatalogFolder } from '../../../demo-catalog/write-catalog-folder';
import { SaveBookCommand } from '../application/save-book.command';
import { SaveChapterCommand } from '../application/save-chapter.command';
import { importCatalogFolder, ImportError } from './import-catalog-folder';

/** Records the commands an import sends and answers each as a first publication. */
function recordingBus() {
  const sent: unknown[] = [];
  const bus = { execute: async (command: unknown) => (sent.push(command), 'published') } as unknown as CommandBus;
  return { bus, sent };
}

describe('importCatalogFolder', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'import-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('sends one command per book and chapter, numbering chapters by file name', async () => {
    await writeCatalogFolder(root, generateDemoCatalog({ books: 2, minChapters: 2, maxChapters: 2, minWordsPerChapter: 20, maxWordsPerChapter: 30, seed: 1, now: new Date('2026-01-01T00:00:00Z') }));
    const { bus, sent } = recordingBus();
    expect(await importCatalogFolder(root, bus)).toEqual({
      books: { published: 2, updated: 0, unchanged: 0 },
      chapters: { published: 4, updated: 0, unchanged: 0 },
    });
    const chapters = sent.filter((command): command is SaveChapterCommand => command instanceof SaveChapterCommand);
    expect(chapters.map((command) => [command.chapter.book_id, command.chapter.chapter_id])).toEqual([[1, 1], [1, 2], [2, 1], [2, 2]]);
  });

  it('names the file and the problem of a book.json that is not JSON or not valid', async () => {
    await mkdir(join(root, '1-broken'));
    await writeFile(join(root, '1-broken', 'book.json'), '{ not json');
    await expect(importCatalogFolder(root, recordingBus().bus)).rejects.toThrow(new RegExp(`^${join(root, '1-broken', 'book.json')}: `));
    await writeFile(join(root, '1-broken', 'book.json'), JSON.stringify({ book_id: 0 }));
    await expect(importCatalogFolder(root, recordingBus().bus)).rejects.toThrow(/book_id must be a positive whole number; english_book_name must be a non-empty string/);
  });

  it("takes a book's glossary from its glossary.json, and names that file when the glossary is wrong", async () => {
    await writeCatalogFolder(root, generateDemoCatalog({ books: 1, minChapters: 1, maxChapters: 1, minWordsPerChapter: 20, maxWordsPerChapter: 30, seed: 1, now: new Date('2026-01-01T00:00:00Z') }));
    const [bookFolder] = await readdir(root);
    const glossaryFile = join(root, bookFolder, 'glossary.json');
    await writeFile(glossaryFile, JSON.stringify([{ original: 'shixiong', rendering: 'senior brother', kind: 'title', note: 'An older disciple of the same master.' }]));
    const { bus, sent } = recordingBus();
    await importCatalogFolder(root, bus);
    const [book] = sent.filter((command): command is SaveBookCommand => command instanceof SaveBookCommand);
    expect(book.metadata.glossary).toEqual([{ original: 'shixiong', rendering: 'senior brother', kind: 'title', note: 'An older disciple of the same master.', from_chapter: 1 }]);

    await writeFile(glossaryFile, JSON.stringify([{ original: 'shixiong', rendering: '', kind: 'title' }]));
    await expect(importCatalogFolder(root, recordingBus().bus)).rejects.toThrow(`${glossaryFile}: glossary: entry 1: rendering must be text of 1 to 80 characters`);
    // Without the file the book has no glossary field at all, as before glossaries were kept.
    await rm(glossaryFile);
    const again = recordingBus();
    await importCatalogFolder(root, again.bus);
    expect('glossary' in (again.sent.find((command): command is SaveBookCommand => command instanceof SaveBookCommand)!.metadata)).toBe(false);
  });

  it('names the chapter file whose front matter is incomplete', async () => {
    await writeCatalogFolder(root, generateDemoCatalog({ books: 1, minChapters: 1, maxChapters: 1, minWordsPerChapter: 20, maxWordsPerChapter: 30, seed: 1, now: new Date('2026-01-01T00:00:00Z') }));
    const [bookFolder] = await readdir(root);
    const chapterFile = join(root, bookFolder, 'chapters', '0001.md');
    await writeFile(chapterFile, '---\ntitle: No date\n---\nText.\n');
    const error = await importCatalogFolder(root, recordingBus().bus).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toBe(`${chapterFile}: the front matter has no uploaded_time`);
  });
});
