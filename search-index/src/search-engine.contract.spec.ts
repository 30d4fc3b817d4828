// One contract for every search engine: runs against the embedded engine always, and against Meilisearch too when
// MEILI_URL is set. Both must return the same hits in the same order.
import { testEnv } from '@test/support';
import { MongoClient } from 'mongodb';
import { createSearchEngine } from './create-search-engine';
import type { SearchBookDocument } from './search-document';
import { searchDocument } from './search-document.fixture';
import type { SearchEngine } from './search-engine';
import type { SearchQuery } from './search-query';

const day = 86_400_000;
const doc = (book_id: number, overrides: Partial<SearchBookDocument>): SearchBookDocument =>
  searchDocument(book_id, { last_updated: new Date(Date.UTC(2026, 0, 1) + book_id * day).toISOString(), last_updated_ms: Date.UTC(2026, 0, 1) + book_id * day, ...overrides });

const books = [
  doc(1, { english_book_name: 'The Crimson Jade Pavilion', original_book_name: '赤玉楼阁', like_count: 30, genres: ['Romance', 'Fantasy'], tags: ['Sweet', 'Cultivation'] }),
  doc(2, { english_book_name: 'Ten Winters in the Capital', like_count: 30, diversities: 'Non-BL', settings: ['Ancient Chinese'], book_word_count: 4_000 }),
  doc(3, { english_book_name: 'Jade Moon Over the Office', original_book_name: '翡翠の月と会社', associated_names: ['Hisui no Tsuki'], like_count: 5, original_languages: 'Japanese', settings: ['Modern'], tags: ['Office', 'Sweet'] }),
  doc(4, { english_book_name: 'Starfall Protocol', like_count: 12, genres: ['Science Fiction', 'Action'], settings: ['Futuristic'], completion_statuses: 'Completed', endings: 'Sad Ending', book_word_count: 120_000 }),
  doc(5, { english_book_name: 'A Quiet Apocalypse', like_count: 0, diversities: 'Non-BL', settings: ['Apocalypse'], endings: 'Complex Ending', book_word_count: 55_000 }),
  doc(6, { english_book_name: 'Crimson Letters', associated_names: ['Scarlet Letters'], author: 'Mo Lan', like_count: 7, completion_statuses: 'Completed', tags: ['Sweet', 'Cultivation', 'Revenge'], genres: ['Romance', 'Fantasy', 'Drama'], book_word_count: 20_000 }),
];

const engines: { name: string; url?: string }[] = [{ name: 'embedded' }];
if (process.env.MEILI_URL) engines.push({ name: 'meilisearch', url: process.env.MEILI_URL });

describe.each(engines)('the $name search engine', ({ url }) => {
  const env = testEnv(__filename);
  const settings = { meiliUrl: url, meiliMasterKey: process.env.MEILI_MASTER_KEY, redisUrl: env.REDIS_URL, queuePrefix: env.QUEUE_PREFIX };
  let client: MongoClient;
  let engine: SearchEngine;
  const ids = async (query: Partial<SearchQuery>) =>
    (await engine.search({ page: 1, pageSize: 10, sort: 'likes', ...query })).hits.map((hit) => hit.book_id);

  beforeAll(async () => {
    client = await MongoClient.connect(env.MONGO_URL);
    engine = createSearchEngine(settings, client.db());
    await engine.start();
    await engine.replaceAll(books);
  });

  afterAll(async () => {
    await engine.stop();
    await client.db().dropDatabase();
    await client.close();
  });

  it('sorts by likes, newest or oldest, breaking ties by book id', async () => {
    expect(await ids({ sort: 'likes' })).toEqual([1, 2, 4, 6, 3, 5]);
    expect(await ids({ sort: 'newest' })).toEqual([6, 5, 4, 3, 2, 1]);
    expect(await ids({ sort: 'oldest' })).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('filters by each single-valued field', async () => {
    expect(await ids({ diversity: 'Non-BL' })).toEqual([2, 5]);
    expect(await ids({ originalLanguage: 'Japanese' })).toEqual([3]);
    expect(await ids({ completionStatus: 'Completed' })).toEqual([4, 6]);
    expect(await ids({ ending: 'Sad Ending' })).toEqual([4]);
  });

  it('filters by a word-count range, bounds included', async () => {
    expect(await ids({ minWordCount: 20_000 })).toEqual([4, 6, 5]);
    expect(await ids({ maxWordCount: 10_000 })).toEqual([1, 2, 3]);
    expect(await ids({ minWordCount: 5_001, maxWordCount: 50_000 })).toEqual([1, 6, 3]);
  });

  it('matches books that have every listed setting, genre and tag', async () => {
    expect(await ids({ genres: ['Romance', 'Fantasy'] })).toEqual([1, 6]);
    expect(await ids({ tags: ['Sweet', 'Cultivation', 'Revenge'] })).toEqual([6]);
    expect(await ids({ settings: ['Modern'], tags: ['Office'] })).toEqual([3]);
  });

  it('combines filters with text and sort', async () => {
    expect(await ids({ text: 'crimson', completionStatus: 'Completed', genres: ['Drama'], sort: 'newest' })).toEqual([6]);
    expect(await ids({ diversity: 'Danmei/BL', tags: ['Sweet'], minWordCount: 10_000, sort: 'oldest' })).toEqual([1, 3, 4, 6]);
  });

  it('narrows to the listed book ids, sorted as asked', async () => {
    expect(await ids({ bookIds: [5, 2, 6], sort: 'oldest' })).toEqual([2, 5, 6]);
    expect(await ids({ bookIds: [] })).toEqual([]);
  });

  it('matches whole words, the last one also as a prefix, in names, other names and authors', async () => {
    expect(await ids({ text: 'jade' })).toEqual([1, 3]);
    expect(await ids({ text: 'crim' })).toEqual([1, 6]);
    expect(await ids({ text: 'jade pav' })).toEqual([1]);
    expect(await ids({ text: 'scarlet' })).toEqual([6]);
    expect(await ids({ text: 'mo lan' })).toEqual([6]);
    expect(await ids({ text: 'nothing like this' })).toEqual([]);
  });

  it('leaves out books that have any excluded setting, genre or tag, and the excluded book ids', async () => {
    expect(await ids({ excludeTags: ['Cultivation'] })).toEqual([2, 4, 3, 5]);
    expect(await ids({ excludeGenres: ['Fantasy', 'Action'] })).toEqual([2, 3, 5]);
    expect(await ids({ excludeSettings: ['Modern'], diversity: 'Danmei/BL' })).toEqual([4]);
    expect(await ids({ tags: ['Cultivation'], excludeTags: ['Revenge'] })).toEqual([1]);
    expect(await ids({ excludeBookIds: [1, 4], sort: 'oldest' })).toEqual([2, 3, 5, 6]);
  });

  it('forgives one typo in a title word of 5 letters or more, never on its first letter', async () => {
    expect(await ids({ text: 'crimsom' })).toEqual([1, 6]);
    expect(await ids({ text: 'cirmson letters' })).toEqual([6]);
    expect(await ids({ text: 'pavlion' })).toEqual([1]);
    expect(await ids({ text: 'starfal' })).toEqual([4]);
    expect(await ids({ text: 'jode' })).toEqual([]);
    expect(await ids({ text: 'trimson' })).toEqual([]);
  });

  it('finds original titles in Chinese or Japanese and romanised other names', async () => {
    expect(await ids({ text: '赤玉楼阁' })).toEqual([1]);
    expect(await ids({ text: '翡翠' })).toEqual([3]);
    expect(await ids({ text: 'hisui no tsuki' })).toEqual([3]);
  });

  it('pages results and counts all matches', async () => {
    const page2 = await engine.search({ page: 2, pageSize: 4, sort: 'oldest' });
    expect(page2.total).toBe(6);
    expect(page2.hits.map((hit) => hit.book_id)).toEqual([5, 6]);
    expect((await engine.search({ page: 3, pageSize: 4, sort: 'oldest' })).hits).toEqual([]);
  });

  it('samples only matching documents, without repeats', async () => {
    const sample = await engine.sample({ page: 1, pageSize: 10, sort: 'random', diversity: 'Danmei/BL' }, 3);
    expect(sample).toHaveLength(3);
    expect(new Set(sample.map((hit) => hit.book_id)).size).toBe(3);
    expect(sample.every((hit) => hit.diversities === 'Danmei/BL')).toBe(true);
  });

  it('replaces a document on upsert, and another process sees the change', async () => {
    const other = createSearchEngine(settings, client.db());
    await other.start();
    try {
      await engine.upsert([{ ...books[4], like_count: 99, english_book_name: 'A Loud Apocalypse' }]);
      expect(await ids({ sort: 'likes' })).toEqual([5, 1, 2, 4, 6, 3]);
      await waitFor(async () => (await other.search({ page: 1, pageSize: 10, sort: 'likes', text: 'loud' })).total === 1);
    } finally {
      await other.stop();
    }
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
