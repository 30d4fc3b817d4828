// Proves that the document store (FerretDB on the embedded default, MongoDB in production) does every operation the
// project relies on through mongoose: inserts, filtered and sorted finds, $inc/$set/$addToSet, upserts, unique indexes.
import { testServiceEnv } from '@test/support';
import mongoose, { type Connection, type Model, Schema } from 'mongoose';

interface Probe {
  key: string;
  count: number;
  tags: string[];
  at?: Date;
}

describe('mongoose through the document store', () => {
  let connection: Connection;
  let Probes: Model<Probe>;

  beforeAll(async () => {
    connection = await mongoose.createConnection(testServiceEnv(__filename).mongoUrl).asPromise();
    await connection.dropDatabase();
    const schema = new Schema<Probe>({ key: { type: String, required: true, unique: true }, count: Number, tags: [String], at: Date });
    Probes = connection.model<Probe>('Probe', schema);
    await Probes.init();
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
});
