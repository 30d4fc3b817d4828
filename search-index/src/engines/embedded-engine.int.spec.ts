// The embedded engine when its store fails under a reload of the whole index: the failed reload must not stay the
// answer of every later search.
import { testEnv } from '@test/support';
import { MongoClient } from 'mongodb';
import { createSearchEngine } from '../create-search-engine';
import type { SearchBookDocument } from '../search-document';
import { searchDocument } from '../search-document.fixture';

const book = (book_id: number): SearchBookDocument => searchDocument(book_id);

describe('the embedded search engine after a reload the store failed', () => {
  const env = testEnv(__filename);
  const settings = { redisUrl: env.REDIS_URL, queuePrefix: env.QUEUE_PREFIX };
  const clients: MongoClient[] = [];
  const engines: { stop(): Promise<void> }[] = [];

  afterAll(async () => {
    await Promise.all(engines.map((engine) => engine.stop()));
    await Promise.all(clients.map((client) => client.close()));
  });

  it('searches again once the store is back, reloading then', async () => {
    const [readerClient, writerClient] = await Promise.all([MongoClient.connect(env.MONGO_URL), MongoClient.connect(env.MONGO_URL)]);
    clients.push(readerClient, writerClient);
    const reader = createSearchEngine(settings, readerClient.db());
    const writer = createSearchEngine(settings, writerClient.db());
    engines.push(reader, writer);
    await Promise.all([reader.start(), writer.start()]);
    await writer.replaceAll([book(1)]);
    // The reader hears of the writer's change through Redis: it shows once the reader has reloaded.
    let total = 0;
    for (const until = Date.now() + 10_000; total !== 1 && Date.now() < until; ) {
      total = (await reader.search({ page: 1, pageSize: 10, sort: 'likes' })).total;
      if (total !== 1) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(total).toBe(1);

    // The reader's store goes away; a replacement of the whole index makes it reload, which fails.
    await readerClient.close();
    await writer.replaceAll([book(1), book(2)]);
    let failed = false;
    for (const until = Date.now() + 10_000; !failed && Date.now() < until; ) {
      failed = await reader.search({ page: 1, pageSize: 10, sort: 'likes' }).then(
        () => false,
        () => true,
      );
      if (!failed) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(failed).toBe(true);

    await readerClient.connect();
    await expect(reader.search({ page: 1, pageSize: 10, sort: 'likes' })).resolves.toMatchObject({ total: 2 });
  });
});
