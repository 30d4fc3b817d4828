// Reading progress end to end: the API records a reader's place as events, the workers project it, and the reader's
// other devices read it back; a visitor's positions merge into the account at login. Real store, Redis and SMTP.
import {
  type BookProgressResponse,
  type ContinueReadingResponse,
  LibraryReadModelCollection,
  type MergeProgressResponse,
  PROGRESS_MERGE_LIMIT,
} from '@shelf/contracts';
import { testEnv } from '@test/support';
import { type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe('reading progress', () => {
  let site: TestSite;
  let books: { bookId: number; chapterIds: number[] }[];
  let alice: Reader;
  let bob: Reader;

  const record = (body: unknown, reader?: Reader) => site.call<Record<string, unknown>>('POST', 'user/reading-progress', { body, token: reader?.token });
  const progressOf = async (bookId: number, reader: Reader) =>
    (await site.call<BookProgressResponse>('GET', `user/reading-progress?book_id=${bookId}`, { token: reader.token })).body;
  const recent = async (reader: Reader) => (await site.call<ContinueReadingResponse>('GET', 'user/reading-progress/recent', { token: reader.token })).body;

  beforeAll(async () => {
    site = await startSite(env);
    books = await seedCatalog(site, 2);
    [alice, bob] = [await registerReader(site, 'Alice'), await registerReader(site, 'Bob')];
  }, 60_000);

  afterAll(() => site.close());

  it('keeps where a reader stopped in each book and which chapters they read, for them alone', async () => {
    const [first, second] = books;
    expect((await record({ book_id: first.bookId, chapter_id: first.chapterIds[0], position: 1 }, alice)).body).toEqual({ message: 'Progress saved.', recorded: true, revised: false });
    expect((await record({ book_id: first.bookId, chapter_id: first.chapterIds[1], position: 0.4 }, alice)).body).toMatchObject({ recorded: true });
    expect((await record({ book_id: first.bookId, chapter_id: first.chapterIds[1], position: 0.405 }, alice)).body).toMatchObject({ recorded: false });
    await record({ book_id: second.bookId, chapter_id: second.chapterIds[0], position: 0.25 }, alice);
    await site.drained();

    expect(await progressOf(first.bookId, alice)).toEqual({
      progress: { book_id: first.bookId, chapter_id: first.chapterIds[1], position: 0.4, read_at: expect.any(String) },
      chapters_read: first.chapterIds.slice(0, 2),
      chapters_revised: [],
    });
    expect(await progressOf(first.bookId, bob)).toEqual({ progress: null, chapters_read: [], chapters_revised: [] });

    const row = (await recent(alice)).books;
    expect(row.map((item) => [item.book_id, item.chapter_id])).toEqual([
      [second.bookId, second.chapterIds[0]],
      [first.bookId, first.chapterIds[1]],
    ]);
    expect(row[0]).toMatchObject({ position: 0.25, slug: expect.stringMatching(new RegExp(`^${second.bookId}-`)), english_book_name: expect.any(String), chapter_title: expect.any(String) });
    expect((await recent(bob)).books).toEqual([]);
  });

  it('moves the book’s place back to a chapter reopened where the reader was in it', async () => {
    const [first] = books;
    const at = (chapter: number, position: number) => ({ book_id: first.bookId, chapter_id: first.chapterIds[chapter], position });
    await record(at(2, 0.5), bob);
    await site.drained();
    await record(at(0, 0.2), bob);
    await site.drained();
    // Back on chapter 3, at the place recorded in it before: not the same place in the book.
    expect((await record(at(2, 0.5), bob)).body).toMatchObject({ recorded: true });
    await site.drained();
    expect((await progressOf(first.bookId, bob)).progress).toMatchObject({ chapter_id: first.chapterIds[2], position: 0.5 });
    expect((await record(at(2, 0.5), bob)).body).toMatchObject({ recorded: false });
  });

  it('merges a visitor’s positions into the account where they are newer, at login', async () => {
    const [first, second] = books;
    const merged = await site.call<MergeProgressResponse>('POST', 'user/reading-progress/merge', {
      token: alice.token,
      body: {
        entries: [
          { book_id: first.bookId, chapter_id: first.chapterIds[0], position: 0.1, read_at: '2020-01-01T00:00:00.000Z' },
          { book_id: second.bookId, chapter_id: second.chapterIds[1], position: 0.7, read_at: new Date(Date.now() + 60_000).toISOString() },
          { book_id: 999_999, chapter_id: 1, position: 0.5, read_at: new Date().toISOString() },
        ],
      },
    });
    expect(merged.body).toEqual({ merged: 1 });
    await site.drained();
    expect((await progressOf(first.bookId, alice)).progress).toMatchObject({ chapter_id: first.chapterIds[1], position: 0.4 });
    expect((await progressOf(second.bookId, alice)).progress).toMatchObject({ chapter_id: second.chapterIds[1], position: 0.7 });
  });

  it('answers bad input with a 4xx and a message, and visitors with 401', async () => {
    const [first] = books;
    expect((await record({ book_id: first.bookId, chapter_id: first.chapterIds[0], position: 0.5 })).status).toBe(401);
    expect((await site.call('GET', `user/reading-progress?book_id=${first.bookId}`)).status).toBe(401);
    const refusals = [
      [{ book_id: first.bookId, chapter_id: first.chapterIds[0], position: 1.5 }, 400, 'position must be a number from 0 (the top of the chapter) to 1 (its end).'],
      [{ book_id: first.bookId, chapter_id: first.chapterIds[0], position: '0.5' }, 400, 'position must be a number from 0 (the top of the chapter) to 1 (its end).'],
      [{ book_id: 'x', chapter_id: first.chapterIds[0], position: 0.5 }, 400, 'book_id must be a whole number.'],
      [{ book_id: first.bookId, chapter_id: { toString: false }, position: 0.5 }, 400, 'chapter_id must be a whole number.'],
      [{ book_id: 999_999, chapter_id: 1, position: 0.5 }, 404, 'Book not found.'],
      [{ book_id: first.bookId, chapter_id: 999, position: 0.5 }, 404, 'Chapter not found.'],
    ] as const;
    for (const [body, status, message] of refusals) {
      expect(await record(body, bob)).toMatchObject({ status, body: { message: expect.stringContaining(message) } });
    }
    const tooMany = Array.from({ length: PROGRESS_MERGE_LIMIT + 1 }, () => ({ book_id: first.bookId, chapter_id: first.chapterIds[0], position: 0, read_at: new Date().toISOString() }));
    expect(await site.call('POST', 'user/reading-progress/merge', { token: bob.token, body: { entries: tooMany } })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining(`at most ${PROGRESS_MERGE_LIMIT}`) },
    });
    expect(await site.call('POST', 'user/reading-progress/merge', { token: bob.token, body: { entries: [{ book_id: first.bookId, chapter_id: 1, position: 0, read_at: 'yesterday' }] } })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('read_at must be an ISO 8601 time.') },
    });
  });

  it('rebuilds the same read models from the log', async () => {
    const names = Object.values(LibraryReadModelCollection).filter((name) => name === 'rm_reading_progress' || name === 'rm_book_progress');
    const before = await readModelSnapshot(site.workers, names);
    await rebuild(site.workers, { api: site.api, names: ['reading-progress'] });
    expect(await readModelSnapshot(site.workers, names)).toEqual(before);
    expect(before.rm_reading_progress).toHaveLength(2); // Alice's and Bob's
  });
});
