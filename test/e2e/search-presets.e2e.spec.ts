// Search a reader can use, end to end: excluded genres and tags, the search without the reader's own stories, and
// saved searches appended as events and projected by the workers. Real store, Redis and SMTP.
import { type BookPageResponse, LibraryReadModelCollection, SEARCH_PRESET_LIMIT, type SearchPresetsResponse, type SearchResponse } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe('search excludes, hidden stories and saved searches', () => {
  let site: TestSite;
  let books: { bookId: number; chapterIds: number[] }[];
  let alice: Reader;
  let bob: Reader;
  let carol: Reader;

  const search = async (query: string, reader?: Reader) =>
    site.call<SearchResponse>('GET', `${reader ? 'user/' : ''}searchbook?${query}`, { token: reader?.token });
  const ids = (answer: { body: SearchResponse }) => answer.body.books.map((book) => book.book_id).sort((a, b) => a - b);
  const save = (body: unknown, reader?: Reader) => site.call<SearchPresetsResponse & { message?: string }>('PUT', 'user/search-presets', { body, token: reader?.token });
  const presets = async (reader: Reader) => (await site.call<SearchPresetsResponse>('GET', 'user/search-presets', { token: reader.token })).body.presets;

  beforeAll(async () => {
    site = await startSite(env);
    books = await seedCatalog(site, 4);
    [alice, bob, carol] = [await registerReader(site, 'Alice'), await registerReader(site, 'Bob'), await registerReader(site, 'Carol')];
  }, 60_000);

  afterAll(() => site.close());

  it('leaves out the books of an excluded genre or tag, and refuses a value both included and excluded', async () => {
    const { bookDetails } = (await site.call<BookPageResponse>('GET', `${books[0].bookId}`)).body;
    const genre = bookDetails.genres.split(',')[0].trim();
    const tag = bookDetails.tags.split(',')[0].trim();
    const all = ids(await search(''));
    expect(all).toHaveLength(4);

    for (const [key, value] of [['genre', genre], ['tag', tag]]) {
      const withIt = ids(await search(`${key}=${encodeURIComponent(value)}`));
      const without = await search(`exclude_${key}=${encodeURIComponent(value)}`);
      expect(without.status).toBe(200);
      expect(withIt).toContain(books[0].bookId);
      expect(ids(without)).not.toContain(books[0].bookId);
      expect([...withIt, ...ids(without)].sort((a, b) => a - b)).toEqual(all);
    }
    expect((await search(`tag=${encodeURIComponent(tag)}&exclude_tag=${encodeURIComponent(tag)}`)).body).toMatchObject({
      message: `A tag cannot be both included and excluded: ${tag}.`,
    });
    expect((await search('exclude_genre=Knitting')).body).toMatchObject({ message: 'Unknown exclude_genre: Knitting.' });
  });

  it("hides the stories a reader has opened or shelved, for that reader alone, and refuses visitors", async () => {
    const [a, b] = books;
    await site.call('POST', 'user/reading-progress', { token: alice.token, body: { book_id: a.bookId, chapter_id: a.chapterIds[0], position: 0.2 } });
    await site.call('PUT', 'user/library/shelf', { token: alice.token, body: { book_id: b.bookId, shelf: 'plan-to-read' } });
    await site.drained();

    const unread = await search('', alice);
    expect(unread.status).toBe(200);
    expect(ids(unread)).toEqual(books.slice(2).map((book) => book.bookId).sort((x, y) => x - y));
    expect(unread.body.totalBooks).toBe(2);
    expect(ids(await search('', bob))).toHaveLength(4);
    expect((await search('')).status).toBe(200);
    expect((await site.call('GET', 'user/searchbook')).status).toBe(401);
    expect((await search('page=0', alice)).status).toBe(400);
  });

  it('saves, renames over, lists and deletes searches, without the page, projected for every device', async () => {
    const first = await save({ name: '  Romance, no angst ', query: '?genre=Romance&exclude_tag=Heartbreaking&page=3' }, alice);
    expect(first.status).toBe(200);
    expect(first.body.presets).toEqual([{ name: 'Romance, no angst', query: 'genre=Romance&exclude_tag=Heartbreaking', saved_at: expect.any(String) }]);
    await save({ name: 'Completed', query: 'completion_statuses=Completed' }, alice);
    await save({ name: 'Romance, no angst', query: 'genre=Romance' }, alice);
    await site.drained();
    expect((await presets(alice)).map(({ name, query }) => [name, query])).toEqual([
      ['Romance, no angst', 'genre=Romance'],
      ['Completed', 'completion_statuses=Completed'],
    ]);
    expect(await presets(bob)).toEqual([]);

    const deleted = await site.call<SearchPresetsResponse>('DELETE', `user/search-presets?name=${encodeURIComponent('Completed')}`, { token: alice.token });
    expect(deleted.body.presets.map((preset) => preset.name)).toEqual(['Romance, no angst']);
    await site.drained();
    expect((await presets(alice)).map((preset) => preset.name)).toEqual(['Romance, no angst']);
  });

  it('answers bad saves with a 4xx and a message, and stops at the limit', async () => {
    const nameRule = 'Please name the search in 1 to 40 characters.';
    for (const [body, status, message] of [
      [{ name: '', query: 'genre=Romance' }, 400, nameRule],
      [{ name: 'x'.repeat(41), query: 'genre=Romance' }, 400, nameRule],
      [{ name: ['a'], query: 'genre=Romance' }, 400, nameRule],
      [{ name: 'Bad', query: 42 }, 400, 'query must be the query of a search address.'],
      [{ name: 'Bad', query: 'q='.padEnd(2001, 'x') }, 400, 'query must be at most 2000 characters.'],
      [{ name: 'Bad', query: 'genre=Knitting' }, 400, 'Unknown genre: Knitting.'],
      [{ name: 'Bad', query: 'min_word_count=-4' }, 400, 'min_word_count must be a whole number from 0 to 100000000.'],
    ] as const) {
      expect(await save(body, bob)).toMatchObject({ status, body: { message } });
    }
    expect((await save({ name: 'Nope', query: '' })).status).toBe(401);
    expect((await site.call('DELETE', 'user/search-presets?name=Missing', { token: bob.token })).body).toMatchObject({ message: 'There is no saved search of that name.' });

    for (let i = 1; i <= SEARCH_PRESET_LIMIT; i++) expect((await save({ name: `Search ${i}`, query: `q=${i}` }, carol)).status).toBe(200);
    expect((await save({ name: 'One more', query: 'q=more' }, carol)).body).toMatchObject({ message: `You can save at most ${SEARCH_PRESET_LIMIT} searches. Delete one first.` });
    expect((await save({ name: 'Search 1', query: 'q=again' }, carol)).status).toBe(200);
  }, 60_000);

  it('rebuilds the same saved searches from the log', async () => {
    await site.drained();
    const before = await readModelSnapshot(site.workers, [LibraryReadModelCollection.SearchPresets]);
    await rebuild(site.workers, { api: site.api, names: ['search-presets'] });
    expect(await readModelSnapshot(site.workers, [LibraryReadModelCollection.SearchPresets])).toEqual(before);
    expect(before[LibraryReadModelCollection.SearchPresets]).toHaveLength(2);
  });
});
