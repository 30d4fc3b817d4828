// The embedded engine when a reload of the whole index races a change: a process starting (or reconnecting) while
// another writes must end up with the change, whatever the order in which the store, Redis and the reload answer.
// The reader's store reads of the whole index are held back at will (the store's answer arrives late), on the real
// store and the real Redis.
import { testEnv } from '@test/support';
import { Redis } from 'ioredis';
import { type Collection, type Db, MongoClient } from 'mongodb';
import { createSearchEngine, EMBEDDED_SEARCH_COLLECTION } from '../create-search-engine';
import type { SearchBookDocument } from '../search-document';
import { searchDocument } from '../search-document.fixture';
import type { SearchEngine } from '../search-engine';
import { ChangeFeed } from './change-feed';
import { EmbeddedEngine, type StoredSearchDocument } from './embedded-engine';

const book = (book_id: number, english_book_name = `Book ${book_id}`): SearchBookDocument => searchDocument(book_id, { english_book_name });

/** The collection, with each whole-index read's answer (taken when asked) handed over only once `release` is called. */
function heldReads(collection: Collection<StoredSearchDocument>) {
  const held: (() => void)[] = [];
  const reads = new Proxy(collection, {
    get(target, property, receiver) {
      if (property !== 'find') return Reflect.get(target, property, receiver) as unknown;
      return (...args: Parameters<Collection<StoredSearchDocument>['find']>) => {
        // findOne finds through find too: only the whole-index reads are held.
        if (Object.keys(args[0] ?? {}).length > 0) return target.find(...args);
        return {
          toArray: async () => {
            const documents = await target.find(...args).toArray();
            await new Promise<void>((resolve) => held.push(resolve));
            return documents;
          },
        };
      };
    },
  });
  return { reads, held, release: (index: number) => held[index]() };
}

const until = async (what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
  for (const deadline = Date.now() + timeoutMs; !(await condition()); ) {
    if (Date.now() > deadline) throw new Error(`${what}: not in time`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the embedded search engine when a reload races a change', () => {
  const env = testEnv(__filename);
  let client: MongoClient;
  let db: Db;
  let writer: SearchEngine;
  const started: { stop(): Promise<void> }[] = [];
  const heldLists: (() => void)[][] = [];

  const names = async (engine: SearchEngine) => (await engine.search({ page: 1, pageSize: 50, sort: 'oldest' })).hits.map((hit) => hit.english_book_name);
  /** A reader process's engine whose whole-index reads are held. */
  const heldReader = () => {
    const held = heldReads(db.collection<StoredSearchDocument>(EMBEDDED_SEARCH_COLLECTION));
    heldLists.push(held.held);
    const engine = new EmbeddedEngine(held.reads, new ChangeFeed(new Redis(env.REDIS_URL), new Redis(env.REDIS_URL, { autoResubscribe: false }), env.QUEUE_PREFIX));
    started.push(engine);
    return { engine, ...held };
  };

  beforeAll(async () => {
    client = await MongoClient.connect(env.MONGO_URL);
    db = client.db();
    writer = createSearchEngine({ redisUrl: env.REDIS_URL, queuePrefix: env.QUEUE_PREFIX }, db);
    started.push(writer);
    await writer.start();
  });
  afterAll(async () => {
    // Every read still held answers, so that the engines' stops (which wait for their reads) end.
    for (const held of heldLists) held.splice(0).forEach((release) => release());
    await Promise.all(started.map((engine) => engine.stop()));
    await client.close();
  });
  beforeEach(() => writer.replaceAll([book(1), book(2)]));

  it('keeps a change made while its reload read the store, though the reload answers after it', async () => {
    const reader = heldReader();
    void reader.engine.start();
    // The start's read and the reload once subscribed have both read the two books, and wait.
    await until('both reads taken', () => reader.held.length === 2);
    await writer.upsert([book(2, 'Renamed While Loading')]);
    // The change is heard (it is put into the index of the moment), then the reloads answer with what they read before.
    await new Promise((resolve) => setTimeout(resolve, 300));
    reader.release(0);
    reader.release(1);
    await until('the change shows', async () => (await names(reader.engine)).includes('Renamed While Loading'));
    expect(await names(reader.engine)).toEqual(['Book 1', 'Renamed While Loading']);
  });

  it('never swaps an older reload over a newer one: a replaced index stays replaced', async () => {
    const reader = heldReader();
    void reader.engine.start();
    await until('both reads taken', () => reader.held.length === 2);
    reader.release(0);
    reader.release(1);
    await until('loaded', async () => (await names(reader.engine)).length === 2);

    // A reconnect's reload reads the two books and is slow to answer; meanwhile the index is replaced, and the reload
    // that replacement asks for answers first.
    reader.engine['feed']['subscriber'].disconnect(true);
    await until('the reconnect reload has read', () => reader.held.length === 3);
    await writer.replaceAll([book(3)]);
    await until('the replacement reload has read', () => reader.held.length === 4);
    reader.release(3);
    await until('the replacement shows', async () => (await names(reader.engine)).join() === 'Book 3');
    reader.release(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await names(reader.engine)).toEqual(['Book 3']);
  });
});
