// Stories as EPUB 3 end to end: built from the read models with the web app's own Markdown writer, checked by EPUBCheck
// and opened as an e-reader opens it (test/epub-rules.ts); kept until the story changes (ETag, 304); rate-limited per
// client address; a store that dies mid-build answers 503 and the next download works; an abandoned download still
// fills the cache. The site runs on a FerretDB of this file's own, which one test kills. Real Redis.
import { CommandBus } from '@nestjs/cqrs';
import { type ChapterData, ebookPath, storySlug } from '@shelf/contracts';
import { testEnv, waitFor } from '@test/support';
import { SaveChapterCommand } from '../../backend/src/modules/catalog/application/save-chapter.command';
import { StoryEbooks } from '../../backend/src/modules/ebooks/application/story-ebooks';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../backend/src/platform/http/service-unavailable';
import { epubCheck, openEpub } from '../epub-rules';
import { OwnService } from '../own-services';
import { seedCatalog, startSite, type TestSite } from '../site-harness';

const HOSTILE_CHAPTER = [
  'Tom & Jerry <3 "quotes" and 5 < 6.',
  '',
  '![A map of the sect](https://img.example/map.png)',
  '',
  '<script>alert(1)</script>',
  '',
  '[next](chapter-2) and [the raw](https://raw.example/1) and [bad](javascript:alert(1))',
  '',
  '> Shixiong said so.',
].join('\n');

describe('e-books (EPUB)', () => {
  let store: OwnService;
  let site: TestSite;
  let books: { bookId: number; chapterIds: number[] }[];
  let addresses = 0;
  const by = { actor: 'test', correlationId: 'ebooks', causationId: null };

  /** A download from an address of its own unless one is given, so the limit is only met where meant. */
  const download = (bookId: number | string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${site.base}${ebookPath(bookId as number)}`, { headers: { 'x-forwarded-for': `10.66.0.${(addresses++ % 250) + 1}`, ...headers }, signal });
  const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
  const saveChapter = async (chapter: Partial<ChapterData> & Pick<ChapterData, 'book_id' | 'chapter_id'>) => {
    await site.api.get(CommandBus).execute(
      new SaveChapterCommand({ title: `Chapter ${chapter.chapter_id}`, content: 'Words '.repeat(40), footnote: '', chapter_author_note: '', chapter_tl_note: '', uploaded_time: new Date().toISOString(), ...chapter }, by),
    );
  };

  beforeAll(async () => {
    store = await OwnService.start('ferretdb');
    site = await startSite(testEnv(__filename, { MONGO_URL: store.url('ebooks') }));
    books = await seedCatalog(site, 3);
    const [first] = books;
    await saveChapter({ book_id: first.bookId, chapter_id: first.chapterIds.length + 1, title: 'The <Night> & the Day', content: HOSTILE_CHAPTER, footnote: '1. A *footnote*.', chapter_tl_note: 'Gege: elder brother.' });
    first.chapterIds.push(first.chapterIds.length + 1);
    await site.drained();
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    await store?.stop();
  });

  it('gives a valid EPUB 3 of the story, named for good, that opens with every chapter in order', async () => {
    const [first] = books;
    const book = (await site.call<{ bookDetails: { english_book_name: string; author: string } }>('GET', `${first.bookId}`)).body.bookDetails;
    const response = await download(first.bookId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/epub+zip');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${storySlug(first.bookId, book.english_book_name)}.epub"`);
    expect(response.headers.get('etag')).toMatch(/^"[\w-]{22}"$/);
    const bytes = await bytesOf(response);

    await epubCheck(bytes);
    const epub = openEpub(bytes);
    expect(epub.title).toBe(book.english_book_name);
    expect(epub.identifier).toMatch(new RegExp(`^tag:[^,]+,2026:book/${first.bookId}$`));
    const chapters = epub.documents.filter((document) => /chapter-\d+\.xhtml$/.test(document.path));
    expect(chapters.map((document) => Number(/chapter-(\d+)/.exec(document.path)![1]))).toEqual(first.chapterIds);
    const titlePage = epub.documents.find((document) => document.path.endsWith('title.xhtml'))!;
    expect(titlePage.text).toContain(`by ${book.author}`);
    expect(epub.entries).toContain('OEBPS/cover.svg');

    // The chapter's Markdown as the site shows it: text escaped, no script, images as links, notes after the text.
    const hostile = chapters.at(-1)!;
    expect(hostile.heading).toBe('The <Night> & the Day');
    expect(hostile.text).toContain('Tom & Jerry <3 "quotes" and 5 < 6.');
    expect(hostile.xhtml).not.toMatch(/<script|javascript:|<img/);
    expect(hostile.xhtml).toContain('<a href="https://img.example/map.png">[A map of the sect]</a>');
    expect(hostile.xhtml).toContain('<blockquote>');
    expect(hostile.text.indexOf('Shixiong said so.')).toBeLessThan(hostile.text.indexOf('Footnote'));
    expect(hostile.text).toContain('TL Note Gege: elder brother.');
  }, 60_000);

  it('keeps the file until the story changes: 304 for the same ETag, a new file and ETag after a revision', async () => {
    const [, second] = books;
    const first = await download(second.bookId);
    const etag = first.headers.get('etag')!;
    const before = await bytesOf(first);
    expect((await download(second.bookId, { 'if-none-match': etag })).status).toBe(304);
    const again = await download(second.bookId);
    expect(again.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await bytesOf(again)).equals(Buffer.from(before))).toBe(true);

    await saveChapter({ book_id: second.bookId, chapter_id: second.chapterIds[0], title: 'Revised', content: 'A revised opening, with new words.' });
    await site.drained();
    const revised = await download(second.bookId, { 'if-none-match': etag });
    expect(revised.status).toBe(200);
    expect(revised.headers.get('etag')).not.toBe(etag);
    expect(revised.headers.get('content-disposition')).toBe(first.headers.get('content-disposition'));
    const opened = openEpub(await bytesOf(revised));
    expect(opened.documents.find((document) => document.path.endsWith(`chapter-${second.chapterIds[0]}.xhtml`))!.text).toContain('A revised opening, with new words.');
  });

  it('answers one build to downloads that come together, and keeps a build its client abandoned', async () => {
    const [, , third] = books;
    const answers = await Promise.all([1, 2, 3, 4].map(() => download(third.bookId)));
    const files = await Promise.all(answers.map(bytesOf));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(files.every((file) => Buffer.from(file).equals(Buffer.from(files[0])))).toBe(true);

    // A new version of the story, asked for and given up at once: the build goes on, and the next download is it.
    await saveChapter({ book_id: third.bookId, chapter_id: third.chapterIds.length + 1, title: 'Abandoned' });
    third.chapterIds.push(third.chapterIds.length + 1);
    await site.drained();
    const ebooks = site.api.get(StoryEbooks);
    const tag = ebooks.tagOf((await ebooks.book(third.bookId))!);
    expect(ebooks.kept(tag)).toBeUndefined();
    const abandon = new AbortController();
    const abandoned = download(third.bookId, {}, abandon.signal).catch((error: unknown) => error);
    setTimeout(() => abandon.abort(), 5);
    await abandoned;
    await waitFor('the abandoned build kept', async () => ebooks.kept(tag), 10_000);
    const next = await download(third.bookId);
    expect(next.status).toBe(200);
    expect(openEpub(await bytesOf(next)).documents.at(-1)!.heading).toBe('Abandoned');
  });

  it('refuses unknown stories and ids that are not ones', async () => {
    for (const id of ['999999', '0', 'abc', '1e3', '-1', '12345678901', '%00']) {
      const response = await download(id);
      expect([id, response.status]).toEqual([id, 404]);
      expect(((await response.json()) as { message: string }).message).toBe('Book not found.');
    }
  });

  it('limits downloads per client address, 304s and refusals included', async () => {
    const [first] = books;
    const address = { 'x-forwarded-for': '10.66.9.9' };
    for (let request = 1; request <= 30; request++) expect((await download(first.bookId, address)).status).toBe(200);
    const refused = await download(first.bookId, address);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe('You can download 30 e-books an hour. Please try again later.');
    expect((await download(first.bookId)).status).toBe(200);
  });

  it('answers 503 with Retry-After when the store dies during a build, and builds once it is back', async () => {
    const [first] = books;
    // A long story, so that its build is under way when the store dies.
    for (let chapterId = first.chapterIds.length + 1; chapterId <= 400; chapterId++) {
      await saveChapter({ book_id: first.bookId, chapter_id: chapterId, title: `Long ${chapterId}`, content: 'Many words here. '.repeat(200) });
      first.chapterIds.push(chapterId);
    }
    await site.drained();
    const answer = download(first.bookId);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await store.kill();
    const refused = await answer;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(((await refused.json()) as { message: string }).message).toBe(SERVICE_UNAVAILABLE_MESSAGE);

    await store.restart();
    let after = await download(first.bookId);
    for (let tries = 0; after.status === 503 && tries < 30; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      after = await download(first.bookId);
    }
    expect(after.status).toBe(200);
    const epub = openEpub(await bytesOf(after));
    expect(epub.documents.filter((document) => /chapter-\d+\.xhtml$/.test(document.path))).toHaveLength(400);
  }, 240_000);
});
