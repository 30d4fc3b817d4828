// Feeds end to end: the latest chapters, one story's chapters and a reader's Reading shelf, in RSS 2.0 and Atom, read
// from the read models and checked by the W3C rules and a maintained feed parser (test/feed-rules.ts); conditional
// GET; the Reading shelf's private address made, made anew and turned off as events the workers project. Real store,
// Redis and SMTP.
import { CommandBus } from '@nestjs/cqrs';
import { type BookPageResponse, feedPaths, LibraryReadModelCollection, type ReadingFeedResponse } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { SaveChapterCommand } from '../../backend/src/modules/catalog/application/save-chapter.command';
import { checkFeed } from '../feed-rules';
import { type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe('feeds', () => {
  let site: TestSite;
  let books: { bookId: number; chapterIds: number[] }[];
  let alice: Reader;
  let bob: Reader;
  let addresses = 0;

  /** A feed request from an address of its own, unless one is given, so the feed limit is only met where meant. */
  const fetchFeed = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${site.base}${path}`, { headers: { 'x-forwarded-for': `10.88.0.${(addresses++ % 250) + 1}`, ...headers } });
  const feed = async (path: string, type: 'rss' | 'atom') => {
    const response = await fetchFeed(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(`application/${type}+xml; charset=utf-8`);
    return { response, feed: checkFeed(await response.text(), type) };
  };
  const refusal = async (path: string) => {
    const response = await fetchFeed(path);
    return { status: response.status, body: (await response.json()) as { message: string } };
  };
  const readingFeed = (reader: Reader, method: 'GET' | 'PUT' | 'DELETE' = 'GET') => site.call<ReadingFeedResponse & { message?: string }>(method, 'user/feeds/reading', { token: reader.token });
  const pathOf = (url: string) => new URL(url).pathname;
  const chapterTitles = async (bookId: number) => (await site.call<BookPageResponse>('GET', `${bookId}`)).body.chapters;
  const publishChapter = async (bookId: number, chapterId: number, title: string) => {
    const by = { actor: 'test', correlationId: 'feed-chapter', causationId: null };
    await site.api.get(CommandBus).execute(
      new SaveChapterCommand({ book_id: bookId, chapter_id: chapterId, title, content: 'Words '.repeat(80), footnote: '', chapter_author_note: '', chapter_tl_note: '', uploaded_time: new Date().toISOString() }, by),
    );
    await site.drained();
  };

  beforeAll(async () => {
    site = await startSite(env);
    books = await seedCatalog(site, 3);
    [alice, bob] = [await registerReader(site, 'Alice'), await registerReader(site, 'Bob')];
  }, 60_000);

  afterAll(() => site.close());

  it('lists the latest chapters site-wide, newest first, valid in both formats', async () => {
    const total = books.reduce((sum, book) => sum + book.chapterIds.length, 0);
    for (const type of ['rss', 'atom'] as const) {
      const { feed: latest } = await feed(feedPaths.latest(type), type);
      expect(latest.title).toBe('Novel Shelf: latest chapters');
      expect(pathOf(latest.self)).toBe(feedPaths.latest(type));
      expect(latest.items).toHaveLength(total);
      const times = latest.items.map((item) => item.date.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(new Set(latest.items.map((item) => Number(pathOf(item.url).split('/')[1].split('-')[0])))).toEqual(new Set(books.map((book) => book.bookId)));
      expect(latest.items[0].id).toMatch(/^tag:[^,]+,2026:chapter\/\d+\/\d+$/);
    }
  });

  it("lists one story's chapters, and a chapter published since comes first", async () => {
    const [a] = books;
    const chapters = await chapterTitles(a.bookId);
    const { feed: before } = await feed(feedPaths.story(a.bookId, 'atom'), 'atom');
    expect(before.items.map((item) => item.title).sort()).toEqual(chapters.map((chapter) => chapter.title).sort());
    expect(before.items.every((item) => pathOf(item.url).startsWith(`/${a.bookId}-`))).toBe(true);

    const next = a.chapterIds.length + 1;
    await publishChapter(a.bookId, next, 'The Feed & the <Night>');
    a.chapterIds.push(next);
    // The API forgets the feeds it keeps once the workers announce the catalog change.
    let after = before;
    for (let tries = 0; tries < 50 && after.items.length === before.items.length; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = (await feed(feedPaths.story(a.bookId, 'atom'), 'atom')).feed;
    }
    expect(after.items[0]).toMatchObject({ title: 'The Feed & the <Night>', id: expect.stringMatching(new RegExp(`:chapter/${a.bookId}/${next}$`)) });
    expect(pathOf(after.items[0].url)).toMatch(new RegExp(`^/${a.bookId}-[a-z0-9-]+/${next}$`));
    const { feed: rss } = await feed(feedPaths.story(a.bookId, 'rss'), 'rss');
    expect(rss.items[0].title).toBe('The Feed & the <Night>');
  });

  it('answers a conditional GET with 304 when the client has the feed', async () => {
    const path = feedPaths.story(books[1].bookId, 'rss');
    const first = await fetchFeed(path);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');

    const byTag = await fetchFeed(path, { 'if-none-match': etag });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe('');
    expect(byTag.headers.get('etag')).toBe(etag);
    expect((await fetchFeed(path, { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await fetchFeed(path, { 'if-none-match': '"another"' })).status).toBe(200);
    expect((await fetchFeed(path, { 'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString() })).status).toBe(200);
  });

  it('answers bad feed addresses with a 4xx and a message', async () => {
    expect(await refusal('/api/feeds/stories/abc.rss')).toEqual({ status: 400, body: { statusCode: 400, message: 'Invalid book id.' } });
    expect(await refusal('/api/feeds/stories/999999.atom')).toEqual({ status: 404, body: { statusCode: 404, message: 'There is no story with that id.' } });
    expect(await refusal(`/api/feeds/stories/${books[0].bookId}.json`)).toEqual({ status: 404, body: { statusCode: 404, message: 'Feeds are .rss (RSS 2.0) or .atom (Atom 1.0).' } });
    expect(await refusal('/api/feeds/latest')).toEqual({ status: 404, body: { statusCode: 404, message: 'Feeds are .rss (RSS 2.0) or .atom (Atom 1.0).' } });
    expect(await refusal('/api/feeds/oldest.rss')).toEqual({ status: 404, body: { statusCode: 404, message: 'There is no feed at this address.' } });
    expect(await refusal(`/api/feeds/reading/${'z'.repeat(300)}.rss`)).toEqual({ status: 404, body: { statusCode: 404, message: 'There is no feed at this address.' } });
  });

  it("makes, shows, makes anew and turns off a reader's private Reading-shelf feed", async () => {
    const [a, b, c] = books;
    await site.call('PUT', 'user/library/shelf', { token: alice.token, body: { book_id: a.bookId, shelf: 'reading' } });
    await site.call('PUT', 'user/library/shelf', { token: alice.token, body: { book_id: b.bookId, shelf: 'reading' } });
    await site.call('PUT', 'user/library/shelf', { token: alice.token, body: { book_id: c.bookId, shelf: 'plan-to-read' } });
    expect((await readingFeed(alice)).body).toEqual({ reading: null });
    expect((await site.call('PUT', 'user/feeds/reading')).status).toBe(401);

    const made = await readingFeed(alice, 'PUT');
    expect(made.status).toBe(200);
    const first = made.body.reading!;
    expect(pathOf(first.rss)).toMatch(/^\/api\/feeds\/reading\/[0-9a-f]{64}\.rss$/);
    expect(pathOf(first.atom)).toBe(pathOf(first.rss).replace(/\.rss$/, '.atom'));
    await site.drained();
    // The address as the read model holds it: made at the time the event was stored, a moment after the command.
    const shown = (await readingFeed(alice)).body.reading!;
    expect(shown).toEqual({ ...first, created_at: expect.any(String) });
    expect(Math.abs(Date.parse(shown.created_at) - Date.parse(first.created_at))).toBeLessThan(5_000);
    expect((await readingFeed(bob)).body).toEqual({ reading: null });

    for (const type of ['rss', 'atom'] as const) {
      const { response, feed: shelf } = await feed(pathOf(first[type]), type);
      expect(response.headers.get('cache-control')).toBe('private, max-age=60');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(shelf.title).toBe('My Reading shelf on Novel Shelf');
      const shown = new Set(shelf.items.map((item) => Number(pathOf(item.url).split('/')[1].split('-')[0])));
      expect(shown).toEqual(new Set([a.bookId, b.bookId]));
      expect(shelf.items).toHaveLength(a.chapterIds.length + b.chapterIds.length);
    }

    // A forged address, one changed by a character, and one turned off all answer the same.
    const notFound = { status: 404, body: { statusCode: 404, message: 'There is no feed at this address.' } };
    const token = pathOf(first.rss).split('/').at(-1)!.replace(/\.rss$/, '');
    const flipped = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    expect(await refusal(feedPaths.reading(flipped, 'rss'))).toEqual(notFound);
    expect(await refusal(feedPaths.reading('0'.repeat(64), 'atom'))).toEqual(notFound);

    const again = (await readingFeed(alice, 'PUT')).body.reading!;
    expect(again.rss).not.toBe(first.rss);
    await site.drained();
    expect(await refusal(pathOf(first.rss))).toEqual(notFound);
    expect((await fetchFeed(pathOf(again.atom))).status).toBe(200);
    expect((await readingFeed(alice)).body).toEqual({ reading: { ...again, created_at: expect.any(String) } });

    expect((await readingFeed(alice, 'DELETE')).body).toEqual({ reading: null });
    await site.drained();
    expect(await refusal(pathOf(again.atom))).toEqual(notFound);
    expect((await readingFeed(alice)).body).toEqual({ reading: null });
    expect(await readingFeed(alice, 'DELETE')).toMatchObject({ status: 404, body: { message: 'Your Reading shelf has no feed address to turn off.' } });
  });

  it('counts feed requests per client address', async () => {
    const path = feedPaths.latest('atom');
    const from = { 'x-forwarded-for': '10.99.9.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await fetch(`${site.base}${path}`, { headers: from })).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    const over = await fetch(`${site.base}${path}`, { headers: from });
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ message: 'You are fetching feeds too often. Please wait a minute and try again.' });
    expect((await fetchFeed(path)).status).toBe(200);
  });

  it('rebuilds the same feed addresses from the log', async () => {
    await site.drained();
    const names = [LibraryReadModelCollection.FeedTokens, LibraryReadModelCollection.ReaderFeeds];
    const before = await readModelSnapshot(site.workers, names);
    await rebuild(site.workers, { api: site.api, names: ['feed-tokens'] });
    expect(await readModelSnapshot(site.workers, names)).toEqual(before);
    expect(before[LibraryReadModelCollection.FeedTokens]).toHaveLength(2);
    expect(before[LibraryReadModelCollection.ReaderFeeds]).toHaveLength(1);
  });
});
