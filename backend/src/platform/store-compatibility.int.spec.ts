// Proves that the document store (FerretDB on the embedded default, MongoDB in production) does every operation the
// project relies on through mongoose: inserts, filtered and sorted finds, $inc/$set/$addToSet, upserts, unique indexes,
// and what the write side's models do (the event store's and the accounts module's: string `_id`s, indexes declared in
// schemas, ordered inserts that stop at a duplicate, lean reads).
import { MongoBulkWriteError } from 'mongodb';
import mongoose, { type Connection, type Model, Schema } from 'mongoose';
import { testEnv } from '@test/support';

interface Probe {
  key: string;
  count: number;
  tags: string[];
  at?: Date;
}

/** Shaped like a stored event: `_id` `{stream}:{version}`, a unique id of its own and a unique (stream, version). */
interface Entry {
  _id: string;
  entryId: string;
  stream: string;
  version: number;
  data: unknown;
}

describe('mongoose through the document store', () => {
  let connection: Connection;
  let Probes: Model<Probe>;
  let Entries: Model<Entry>;
  let Heads: Model<{ _id: string; head: number }>;

  beforeAll(async () => {
    connection = await mongoose.createConnection(testEnv(__filename).MONGO_URL).asPromise();
    await connection.dropDatabase();
    const schema = new Schema<Probe>({ key: { type: String, required: true, unique: true }, count: Number, tags: [String], at: Date });
    Probes = connection.model<Probe>('Probe', schema);
    await Probes.init();
    const entries = new Schema<Entry>(
      {
        _id: { type: String, required: true },
        entryId: { type: String, required: true, unique: true },
        stream: { type: String, required: true },
        version: { type: Number, required: true },
        data: { type: Schema.Types.Mixed, required: true },
      },
      { collection: 'entries', versionKey: false, minimize: false },
    );
    entries.index({ stream: 1, version: 1 }, { unique: true });
    Entries = connection.model<Entry>('Entry', entries);
    Heads = connection.model('Head', new Schema({ _id: { type: String, required: true }, head: { type: Number, required: true } }, { versionKey: false }));
    await Promise.all([Entries.init(), Heads.init()]);
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('inserts, then finds with a filter and a sort', async () => {
    await Probes.insertMany([
      { key: 'a', count: 3, tags: [] },
      { key: 'b', count: 1, tags: [] },
      { key: 'c', count: 7, tags: [] },
    ]);
    const found = await Probes.find({ count: { $gte: 2 } }).sort({ count: -1 }).lean();
    expect(found.map((probe) => probe.key)).toEqual(['c', 'a']);
  });

  it('rejects a duplicate of a unique key with code 11000', async () => {
    await expect(Probes.create({ key: 'a', count: 0, tags: [] })).rejects.toMatchObject({ code: 11000 });
  });

  it('applies $inc, $set and $addToSet, and $addToSet adds a value once', async () => {
    const at = new Date('2026-01-02T03:04:05Z');
    await Probes.updateOne({ key: 'b' }, { $inc: { count: 2 }, $set: { at }, $addToSet: { tags: 'x' } });
    await Probes.updateOne({ key: 'b' }, { $addToSet: { tags: 'x' } });
    expect(await Probes.findOne({ key: 'b' }).lean()).toMatchObject({ count: 3, at, tags: ['x'] });
  });

  it('upserts: inserts once, then updates the same document', async () => {
    await Probes.updateOne({ key: 'd' }, { $setOnInsert: { tags: [] }, $inc: { count: 1 } }, { upsert: true });
    await Probes.updateOne({ key: 'd' }, { $setOnInsert: { tags: [] }, $inc: { count: 1 } }, { upsert: true });
    expect(await Probes.countDocuments({ key: 'd' })).toBe(1);
    expect(await Probes.findOne({ key: 'd' }).lean()).toMatchObject({ count: 2 });
  });

  it('returns the updated document from findOneAndUpdate and runs a grouping aggregation', async () => {
    const updated = await Probes.findOneAndUpdate({ key: 'c' }, { $inc: { count: 1 } }, { new: true }).lean();
    expect(updated?.count).toBe(8);
    const [total] = await Probes.aggregate<{ sum: number }>([{ $group: { _id: null, sum: { $sum: '$count' } } }]);
    expect(total.sum).toBe(3 + 3 + 8 + 2);
  });

  it('creates the indexes a schema declares, string `_id` included, and keeps a payload as given', async () => {
    const keys = (await Entries.listIndexes()).map((index: { key: object; unique?: boolean }) => [index.key, index.unique ?? false]);
    expect(keys).toEqual(expect.arrayContaining([[{ _id: 1 }, false], [{ entryId: 1 }, true], [{ stream: 1, version: 1 }, true]]));
    await Entries.insertMany([{ _id: 's:1', entryId: 'e1', stream: 's', version: 1, data: {} }], { ordered: true });
    expect(await Entries.findById('s:1').lean()).toEqual({ _id: 's:1', entryId: 'e1', stream: 's', version: 1, data: {} });
  });

  it('stops an ordered insertMany at the first duplicate key, telling how many went in before it', async () => {
    const entry = (version: number, entryId = `t${version}`) => ({ _id: `t:${version}`, entryId, stream: 't', version, data: { version } });
    await Entries.insertMany([entry(2)], { ordered: true });
    const failure = await Entries.insertMany([entry(1), entry(2, 'other'), entry(3)], { ordered: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MongoBulkWriteError);
    expect(failure).toMatchObject({ code: 11000 });
    expect((failure as MongoBulkWriteError).insertedCount).toBe(1);
    expect((await Entries.find({ stream: 't' }).lean()).map((stored) => stored.version).sort()).toEqual([1, 2]);
    // The same id at another (stream, version) is refused by the declared unique index.
    await expect(Entries.insertOne(entry(4, 't1'))).rejects.toMatchObject({ code: 11000 });
  });

  it('draws numbers with an upserting $inc that answers the new value, lean', async () => {
    const draw = (n: number) => Heads.findOneAndUpdate({ _id: 'p00' }, { $inc: { head: n } }, { upsert: true, returnDocument: 'after' }).lean();
    expect(await draw(2)).toEqual({ _id: 'p00', head: 2 });
    expect(await draw(3)).toEqual({ _id: 'p00', head: 5 });
  });

  it('counts a document deleted by only one of many deleteOne calls at once (findOneAndDelete may answer it to several)', async () => {
    await Heads.insertOne({ _id: 'once', head: 0 });
    const deleted = await Promise.all(Array.from({ length: 8 }, () => Heads.deleteOne({ _id: 'once' })));
    expect(deleted.map((result) => result.deletedCount).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
  });
});
