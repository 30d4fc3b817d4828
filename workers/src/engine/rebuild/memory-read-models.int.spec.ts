// A rebuild's read models in memory behave as the store does for what projectors ask of them, give out copies, insert
// each new document once when flushed, and find a document again after a flush (read back by `_id`, then replaced).
import { testEnv } from '@test/support';
import { type Db, MongoClient, MongoServerError } from 'mongodb';
import type { ById, ReadModelStore } from '@shelf/read-model-formats';
import { MemoryReadModels } from './memory-read-models';

interface Page extends ById {
  items?: Record<string, { n: number }>;
  count?: number;
  at?: Date;
}

describe('the rebuild’s read models in memory', () => {
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

  it('applies $set and $unset on paths, upserts, replaces and refuses a second insert; a flush writes it all', async () => {
    const memory = new MemoryReadModels(db, new Map([['pages', 'pages__memory']]));
    const pages = memory.stores.get('pages') as ReadModelStore<Page>;
    const at = new Date('2024-01-02T03:04:05Z');
    for (let round = 0; round < 3; round++) {
      for (const id of ['a', 'b', 'c']) {
        await pages.updateOne({ _id: id }, { $set: { [`items.k${round}`]: { n: round }, count: round + 1, at } }, { upsert: true });
        if (round === 2) await pages.updateOne({ _id: id }, { $unset: { 'items.k0': '' } });
      }
    }
    await pages.updateOne({ _id: 'missing' }, { $set: { count: 1 } });
    await pages.replaceOne({ _id: 'missing' }, { count: 1 });
    const expected = { items: { k1: { n: 1 }, k2: { n: 2 } }, count: 3, at };
    // What a caller is given, or gives, is its own: changing it changes nothing held.
    const given = (await pages.findOne({ _id: 'a' }))!;
    expect(given).toEqual({ _id: 'a', ...expected });
    given.items!.k1.n = 99;
    const written = { _id: 'd', items: { k: { n: 1 } } };
    await pages.insertOne(written);
    written.items.k.n = 99;
    await expect(pages.insertOne({ _id: 'a' })).rejects.toMatchObject({ code: 11000 });
    await expect(pages.insertOne({ _id: 'a' })).rejects.toBeInstanceOf(MongoServerError);
    await memory.flush();
    const collection = db.collection<Page>('pages__memory');
    expect(await collection.find({}).sort({ _id: 1 }).toArray()).toEqual([
      ...['a', 'b', 'c'].map((_id) => ({ _id, ...expected })),
      { _id: 'd', items: { k: { n: 1 } } },
    ]);
    expect(memory.counts).toEqual({ inserted: 4, replaced: 0, readBack: 0 });
  });

  it('reads a document written by an earlier flush back, and replaces it at the next', async () => {
    const memory = new MemoryReadModels(db, new Map([['heads', 'heads__memory']]));
    const heads = memory.stores.get('heads') as ReadModelStore<Page>;
    const ids = Array.from({ length: 150 }, (_, i) => `h${i}`);
    for (const _id of ids) await heads.updateOne({ _id }, { $set: { count: 1 } }, { upsert: true });
    await memory.flush();
    // More than one replacement command's worth (the embedded store takes them 40 at a time).
    for (const _id of ids) await heads.updateOne({ _id }, { $set: { count: 2 } });
    await heads.insertOne({ _id: 'new', count: 1 });
    await memory.flush();
    const stored = await db.collection<Page>('heads__memory').find({}).toArray();
    expect(stored).toHaveLength(151);
    expect(stored.filter((doc) => doc._id !== 'new').every((doc) => doc.count === 2)).toBe(true);
    expect(memory.counts).toEqual({ inserted: 151, replaced: 150, readBack: 150 });
  }, 30_000);
});
