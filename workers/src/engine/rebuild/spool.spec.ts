import { BSON } from 'mongodb';
import { existsSync } from 'node:fs';
import { Spool, type SpooledEntry } from './spool';

describe('the rebuild’s spool', () => {
  it('gives each partition its entries back in the order spooled, across write and read chunks, then removes them', async () => {
    const spool = await Spool.create();
    const written = new Map<number, { seq: number; doc: { _id: string; text: string } }[]>();
    // About 3 MB: several chunks of a write, and of a read.
    for (let i = 0; i < 6000; i++) {
      const partition = i % 3;
      const doc = { _id: `event-${i}`, text: 'x'.repeat(i % 1000) };
      written.set(partition, [...(written.get(partition) ?? []), { seq: i + 1, doc }]);
      await spool.append(partition, i + 1, Buffer.from(BSON.serialize(doc)));
    }
    await spool.save();
    const dir = (spool as unknown as { dir: string }).dir;
    for (const partition of [0, 1, 2, 3]) {
      const read: SpooledEntry[] = [];
      for await (const entry of spool.read(partition)) read.push(entry);
      expect(read.map(({ seq, raw }) => ({ seq, doc: BSON.deserialize(raw) }))).toEqual(written.get(partition) ?? []);
      expect(spool.count(partition)).toBe(read.length);
    }
    await spool.remove();
    expect(existsSync(dir)).toBe(false);
  });
});
