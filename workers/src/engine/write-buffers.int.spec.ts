// A write buffer behaves as the store does for what projectors ask of it, and what it flushes is what they wrote,
// also once it has emptied its cache and must look documents up in the store again.
import { testEnv } from '@test/support';
import { type Db, MongoClient, MongoServerError } from 'mongodb';
import type { ById, ReadModelStore } from '@shelf/read-model-formats';
import { WriteBuffers } from './write-buffers';

interface Page extends ById {
  items?: Record<string, { n: number }>;
  count?: number;
}

describe('the write buffer', () => {
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    client = await MongoClient.connect(testEnv(__filename).MONGO_URL);
    db = client.db();
  });

  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });

  it('applies $set and $unset on paths, upserts, replaces and refuses a second insert, in the store after each flush', async () => {
    const buffers = new WriteBuffers(db, new Map([['pages', 'pages__test']]), { fresh: true, maxCached: 2 });
    const pages = buffers.stores.get('pages') as ReadModelStore<Page>;
    const collection = db.collection<Page>('pages__test');
    for (let round = 0; round < 3; round++) {
      for (const id of ['a', 'b', 'c']) {
        await pages.updateOne({ _id: id }, { $set: { [`items.k${round}`]: { n: round }, count: round + 1 } }, { upsert: true });
        if (round === 2) await pages.updateOne({ _id: id }, { $unset: { 'items.k0': '' } });
      }
      await pages.updateOne({ _id: 'missing' }, { $set: { count: 1 } });
      // Past two cached documents the buffer forgets them and reads them back from the store.
      await buffers.flush();
    }
    const expected = { items: { k1: { n: 1 }, k2: { n: 2 } }, count: 3 };
    expect(await collection.find({}).sort({ _id: 1 }).toArray()).toEqual(['a', 'b', 'c'].map((_id) => ({ _id, ...expected })));
    expect(await pages.findOne({ _id: 'a' })).toEqual({ _id: 'a', ...expected });
    await expect(pages.insertOne({ _id: 'a' })).rejects.toBeInstanceOf(MongoServerError);
    await pages.replaceOne({ _id: 'a' }, { count: 9 });
    await pages.insertOne({ _id: 'd', count: 1 });
    await buffers.flush();
    expect(await collection.findOne({ _id: 'a' })).toEqual({ _id: 'a', count: 9 });
    expect(await collection.findOne({ _id: 'd' })).toEqual({ _id: 'd', count: 1 });
    expect(await collection.findOne({ _id: 'missing' })).toBeNull();
  });

  it('writes hundreds of changed documents at once (the embedded store takes replacements in small commands only)', async () => {
    const buffers = new WriteBuffers(db, new Map([['heads', 'heads__test']]), { fresh: true });
    const heads = buffers.stores.get('heads') as ReadModelStore<Page>;
    const ids = Array.from({ length: 150 }, (_, i) => `h${i}`);
    for (const count of [1, 2]) {
      for (const _id of ids) await heads.updateOne({ _id }, { $set: { count } }, { upsert: true });
      await buffers.flush();
    }
    const stored = await db.collection<Page>('heads__test').find({}).toArray();
    expect(stored).toHaveLength(150);
    expect(stored.every((doc) => doc.count === 2)).toBe(true);
  }, 30_000);

  it('prefetches the documents named in one query per read model, and holds them from then on, absent ones too', async () => {
    await db.collection<Page>('first__test').insertMany([{ _id: 'a', count: 1, _batch: 4 } as Page, { _id: 'b', count: 2 }]);
    await db.collection<Page>('second__test').insertOne({ _id: 'x', count: 3 });
    const monitored = await MongoClient.connect(testEnv(__filename).MONGO_URL, { monitorCommands: true });
    try {
      const finds: unknown[] = [];
      monitored.on('commandStarted', (started) => started.commandName === 'find' && finds.push(started.command.filter));
      const buffers = new WriteBuffers(monitored.db(db.databaseName), new Map([['first', 'first__test'], ['second', 'second__test']]));
      await buffers.prefetch([['first', 'a'], ['first', 'b'], ['first', 'gone'], ['second', 'x'], ['not buffered', 'y'], ['first', 'a']]);
      expect(finds).toEqual(expect.arrayContaining([{ _id: { $in: ['a', 'b', 'gone'] } }, { _id: { $in: ['x'] } }]));
      expect(finds).toHaveLength(2);
      // Held: changed in the store behind its back, the buffer (their only writer) still answers what it read.
      await db.collection<Page>('first__test').deleteMany({});
      const first = buffers.stores.get('first') as ReadModelStore<Page>;
      expect(await first.findOne({ _id: 'a' })).toEqual({ _id: 'a', count: 1 });
      expect(await first.findOne({ _id: 'gone' })).toBeNull();
      expect(await (buffers.stores.get('second') as ReadModelStore<Page>).findOne({ _id: 'x' })).toEqual({ _id: 'x', count: 3 });
      await buffers.prefetch([['first', 'a'], ['first', 'gone']]);
      expect(finds).toHaveLength(2);
    } finally {
      await monitored.close();
    }
  });

  it('commits nothing when nothing changed since the last flush, and still does the work deferred', async () => {
    const commits: unknown[] = [];
    const buffers = new WriteBuffers(db, new Map([['heads', 'heads__test']]), { fresh: true, commit: async (writes) => void commits.push(writes) });
    const heads = buffers.stores.get('heads') as ReadModelStore<Page>;
    await heads.updateOne({ _id: 'h1' }, { $set: { count: 1 } }, { upsert: true });
    await buffers.flush();
    let deferred = 0;
    buffers.defer('search', async () => void (deferred += 1));
    await heads.findOne({ _id: 'h1' });
    await buffers.flush();
    expect(commits).toHaveLength(1);
    expect(deferred).toBe(1);
  });
});

