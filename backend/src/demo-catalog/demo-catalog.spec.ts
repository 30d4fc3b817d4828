import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  COMPLETION_STATUSES,
  countWords,
  DIVERSITIES,
  ENDINGS,
  GENRES,
  ORIGINAL_LANGUAGES,
  SETTINGS,
  TAGS,
  checkGlossary,
  type BookMetadata,
  type ChapterData,
} from '@shelf/contracts';
import { parseChapterFile } from '../modules/catalog/import-format/chapter-file';
import { DEMO_CATALOG, demoBookName, generateDemoCatalog, type DemoCatalogOptions } from './demo-catalog';
import { bookFolderName, slugify, writeCatalogFolder } from './write-catalog-folder';

type Entry = { book: BookMetadata; chapters: ChapterData[] };

const DAY = 24 * 60 * 60 * 1000;

function firstBooks(options: DemoCatalogOptions, count: number): Entry[] {
  const entries: Entry[] = [];
  for (const entry of generateDemoCatalog(options)) {
    if (entries.length === count) break;
    entries.push(entry);
  }
  return entries;
}

const distinct = <T>(values: readonly T[]): boolean => new Set(values).size === values.length;

describe('generateDemoCatalog', () => {
  let catalog: Entry[];
  let books: BookMetadata[];
  const now = DEMO_CATALOG.now.getTime();

  beforeAll(() => {
    catalog = [...generateDemoCatalog(DEMO_CATALOG)];
    books = catalog.map((entry) => entry.book);
  });

  it('generates the same books for the same options and others for another seed', () => {
    const again = JSON.stringify(firstBooks(DEMO_CATALOG, 10));
    expect(again).toBe(JSON.stringify(catalog.slice(0, 10)));
    expect(JSON.stringify(firstBooks({ ...DEMO_CATALOG, seed: 7 }, 10))).not.toBe(again);
  });

  it('numbers the books from 1 and names each uniquely, as demoBookName predicts', () => {
    expect(books.map((book) => book.book_id)).toEqual(Array.from({ length: 64 }, (_, index) => index + 1));
    expect(distinct(books.map((book) => book.english_book_name))).toBe(true);
    for (const book of books) expect(book.english_book_name).toBe(demoBookName(book.book_id, DEMO_CATALOG.seed));
  });

  it('keeps names unique across 10,000 books', () => {
    const names = Array.from({ length: 10_000 }, (_, index) => demoBookName(index + 1, DEMO_CATALOG.seed));
    expect(distinct(names)).toBe(true);
  });

  it('uses every enumeration value and at least 40 tags', () => {
    const used = <T>(values: (book: BookMetadata) => T | T[]): Set<T> => new Set(books.flatMap(values));
    expect(used((book) => book.diversities)).toEqual(new Set(DIVERSITIES));
    expect(used((book) => book.original_languages)).toEqual(new Set(ORIGINAL_LANGUAGES));
    expect(used((book) => book.completion_statuses)).toEqual(new Set(COMPLETION_STATUSES));
    expect(used((book) => book.endings)).toEqual(new Set(ENDINGS));
    expect(used((book) => book.settings)).toEqual(new Set(SETTINGS));
    expect(used((book) => book.genres)).toEqual(new Set(GENRES));
    expect(used((book) => book.tags).size).toBeGreaterThanOrEqual(40);
  });

  it('gives each book a few distinct genres, settings and tags and placeholder links', () => {
    for (const book of books) {
      expect(book.genres.length).toBeGreaterThanOrEqual(1);
      expect(book.genres.length).toBeLessThanOrEqual(3);
      expect(book.settings.length).toBeGreaterThanOrEqual(1);
      expect(book.settings.length).toBeLessThanOrEqual(2);
      expect(book.tags.length).toBeGreaterThanOrEqual(3);
      expect(book.tags.length).toBeLessThanOrEqual(7);
      for (const list of [book.genres, book.settings, book.tags]) expect(distinct(list)).toBe(true);
      expect(GENRES).toEqual(expect.arrayContaining(book.genres));
      expect(SETTINGS).toEqual(expect.arrayContaining(book.settings));
      expect(TAGS).toEqual(expect.arrayContaining(book.tags));
      expect(book.cover_image).toBe(`/covers/${book.book_id}.svg`);
      expect(book.raw_source).toBe(`https://example.com/raw/${book.book_id}`);
      expect(book.description.split('\n\n').length).toBeGreaterThanOrEqual(2);
      expect(book.description.split('\n\n').length).toBeLessThanOrEqual(4);
      expect(book.associated_names.length).toBeLessThanOrEqual(2);
    }
    const danmei = books.filter((book) => book.diversities === 'Danmei/BL').length / books.length;
    expect(danmei).toBeGreaterThan(0.45);
    expect(danmei).toBeLessThan(0.75);
  });

  it('links related books of the catalog by id and English name', () => {
    const nameOf = (id: number): string | undefined => books[id - 1]?.english_book_name;
    for (const book of books) {
      const { part_of_series: series, shared_universe: universe, similar_theme: similar } = book;
      if (series.length > 0) {
        expect(series.map((ref) => ref.book_id)).toContain(book.book_id);
        for (const ref of series) expect(books[ref.book_id - 1].part_of_series).toEqual(series);
      }
      for (const ref of [...universe, ...similar]) expect(ref.book_id).not.toBe(book.book_id);
      for (const ref of [...series, ...universe, ...similar]) {
        expect(ref.name).toBe(nameOf(ref.book_id));
        expect(ref.name).toBe(demoBookName(ref.book_id, DEMO_CATALOG.seed));
      }
    }
    expect(books.some((book) => book.part_of_series.length > 0)).toBe(true);
    expect(books.some((book) => book.similar_theme.length > 0)).toBe(true);
  });

  it('gives each book an allowed number of chapters, numbered from 1', () => {
    for (const { book, chapters } of catalog) {
      expect(chapters.length).toBeGreaterThanOrEqual(DEMO_CATALOG.minChapters);
      expect(chapters.length).toBeLessThanOrEqual(DEMO_CATALOG.maxChapters);
      expect(chapters.map((chapter) => chapter.chapter_id)).toEqual(chapters.map((_, index) => index + 1));
      for (const chapter of chapters) expect(chapter.book_id).toBe(book.book_id);
    }
  });

  it('keeps every chapter within the word range', () => {
    for (const chapter of catalog.flatMap((entry) => entry.chapters)) {
      const words = countWords(chapter.content);
      expect(words).toBeGreaterThanOrEqual(DEMO_CATALOG.minWordsPerChapter);
      expect(words).toBeLessThanOrEqual(DEMO_CATALOG.maxWordsPerChapter);
    }
  });

  it('reaches the exact word count when the range is a single number', () => {
    const options = { ...DEMO_CATALOG, books: 20, minChapters: 2, maxChapters: 2, minWordsPerChapter: 257, maxWordsPerChapter: 257 };
    for (const { chapters } of generateDemoCatalog(options)) {
      for (const chapter of chapters) expect(countWords(chapter.content)).toBe(257);
    }
  });

  it('uploads chapters in order before now, some books within the last two days', () => {
    const latest: number[] = [];
    for (const { chapters } of catalog) {
      const times = chapters.map((chapter) => Date.parse(chapter.uploaded_time));
      times.forEach((time, index) => expect(time).toBeGreaterThan(index === 0 ? now - 3 * 365 * DAY : times[index - 1]));
      expect(times[times.length - 1]).toBeLessThan(now);
      latest.push(times[times.length - 1]);
    }
    expect(latest.some((time) => now - time < 2 * DAY)).toBe(true);
    expect(latest.some((time) => now - time >= 2 * DAY && now - time < 20 * DAY)).toBe(true);
  });

  it('gives every book a valid glossary whose names and title stand in its chapters', () => {
    for (const { book, chapters } of catalog.slice(0, 12)) {
      const check = checkGlossary(book.glossary);
      expect(check.ok).toBe(true);
      const text = chapters.map((chapter) => chapter.content).join('\n').toLowerCase();
      for (const entry of book.glossary!) expect(text).toContain(entry.original.toLowerCase());
      expect(book.glossary!.filter((entry) => entry.kind === 'title')).toHaveLength(1);
    }
    expect(books.some((book) => book.glossary!.some((entry) => entry.from_chapter > 1))).toBe(true);
  });

  it('rejects inconsistent options', () => {
    expect(() => firstBooks({ ...DEMO_CATALOG, minChapters: 5, maxChapters: 4 }, 1)).toThrow(RangeError);
    expect(() => firstBooks({ ...DEMO_CATALOG, books: 1.5 }, 1)).toThrow(RangeError);
  });
});

describe('writeCatalogFolder', () => {
  const options = { ...DEMO_CATALOG, books: 3, minChapters: 8, maxChapters: 12, minWordsPerChapter: 40, maxWordsPerChapter: 90 };
  const fileName = (chapterId: number): string => `${String(chapterId).padStart(4, '0')}.md`;
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'demo-catalog-'));
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('slugs names into lowercase words joined by single hyphens', () => {
    expect(slugify("A Beginner's Guide to -- Taming  Foxes!")).toBe('a-beginners-guide-to-taming-foxes');
    expect(bookFolderName({ book_id: 7, english_book_name: ' - Ten Winters - ' })).toBe('7-ten-winters');
  });

  it('writes book.json and one chapter file per chapter that parse back exactly', async () => {
    const catalog = [...generateDemoCatalog(options)];
    const allChapters = catalog.flatMap((entry) => entry.chapters);
    // Notes exercise the YAML quoting of the front matter.
    expect(allChapters.some((chapter) => chapter.footnote || chapter.chapter_author_note || chapter.chapter_tl_note)).toBe(true);

    await expect(writeCatalogFolder(root, catalog)).resolves.toEqual({ books: 3, chapters: allChapters.length });

    expect((await readdir(root)).sort()).toEqual(catalog.map((entry) => bookFolderName(entry.book)).sort());
    for (const { book, chapters } of catalog) {
      const folder = join(root, bookFolderName(book));
      const { glossary, ...metadata } = book;
      expect(await readFile(join(folder, 'book.json'), 'utf8')).toBe(`${JSON.stringify(metadata, null, 2)}\n`);
      expect(JSON.parse(await readFile(join(folder, 'glossary.json'), 'utf8'))).toEqual(glossary);
      expect((await readdir(join(folder, 'chapters'))).sort()).toEqual(chapters.map((chapter) => fileName(chapter.chapter_id)));
      for (const { title, uploaded_time, footnote, chapter_author_note, chapter_tl_note, content, chapter_id } of chapters) {
        const file = await readFile(join(folder, 'chapters', fileName(chapter_id)), 'utf8');
        expect(parseChapterFile(file)).toEqual({
          front: { title, uploaded_time, footnote, chapter_author_note, chapter_tl_note },
          content,
        });
      }
    }
  });

  it('writes identical bytes when run twice', async () => {
    const snapshot = async (): Promise<[string, string][]> => {
      const files = (await readdir(root, { recursive: true })).filter((path) => /\.(json|md)$/.test(path)).sort();
      return Promise.all(files.map(async (path): Promise<[string, string]> => [path, await readFile(join(root, path), 'utf8')]));
    };

    await writeCatalogFolder(root, generateDemoCatalog(options));
    const first = await snapshot();
    await writeCatalogFolder(root, generateDemoCatalog(options));
    expect(first.length).toBeGreaterThan(3);
    expect(await snapshot()).toEqual(first);
  });
});
