// A batch's documents written again after its writer stopped part-way (a crash, a store that stopped answering): the
// documents written already refuse the second write, and every other one of the batch is still written.
import { testDatabase } from '@test/support';
import type { Db } from 'mongodb';
import { applyWrites, STAMP } from './stamped-writes';

const COLLECTION = 'rm_stamped_writes_test';

describe('stamped writes', () => {
  const database = testDatabase(__filename);
  let db: Db;

  beforeEach(async () => {
    db = database();
    await db.dropCollection(COLLECTION).catch(() => undefined);
  });

  const docs = (count: number, version: number) => Array.from({ length: count }, (_, i) => ({ _id: `doc-${String(i).padStart(3, '0')}`, version }));
  const stored = async () => (await db.collection(COLLECTION).find({}).sort({ _id: 1 }).toArray()).map((doc) => [doc._id, doc.version, doc[STAMP]]);

  it('writes every document of a batch applied again, past those its first try wrote and those a later batch wrote', async () => {
    await applyWrites(db, [{ collection: COLLECTION, inserted: docs(90, 1), replaced: [] }], 1);
    // Batch 2 changes all 90; its first try wrote the first of each chunk of 40 and stopped; batch 3 wrote doc-050.
    const batch2 = docs(90, 2);
    for (const i of [0, 40, 80]) await db.collection(COLLECTION).replaceOne({ _id: batch2[i]._id } as never, { ...batch2[i], [STAMP]: 2 });
    await db.collection(COLLECTION).replaceOne({ _id: 'doc-050' } as never, { _id: 'doc-050', version: 3, [STAMP]: 3 });
    await applyWrites(db, [{ collection: COLLECTION, inserted: [], replaced: batch2 }], 2);
    expect(await stored()).toEqual(docs(90, 2).map(({ _id }) => (_id === 'doc-050' ? [_id, 3, 3] : [_id, 2, 2])));
  });
});
