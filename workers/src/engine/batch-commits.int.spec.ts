// Two holders of one partition interleaved, as a pause, a clock or a stale lease
// lets them be: a batch computed on an out-of-date state is never written, a committed batch is written by whoever
// comes next, and nothing goes back.
import { batchCommitId, ProjectionCollection } from '@shelf/contracts';
import { testDatabase } from '@test/support';
import type { Db } from 'mongodb';
import { CommitStream, PartitionCommits } from './batch-commits';
import { applyWrites, STAMP } from './stamped-writes';
import { Checkpoints } from './checkpoints';
import { LeaseLost } from './leases';
import type { ById, ReadModelStore } from '@shelf/read-model-formats';
import { WriteBuffers } from './write-buffers';

interface Likes extends ById {
  likers: number[];
}

const PARTITION = 3;
const PROJECTOR = 'likes';
const COLLECTION = 'rm_likes__commits_test';

describe('batches committed by one insert', () => {
  const database = testDatabase(__filename);
  let db: Db;

  beforeEach(async () => {
    db = database();
    for (const name of [COLLECTION, ProjectionCollection.Commits, ProjectionCollection.Checkpoints]) await db.dropCollection(name).catch(() => undefined);
  });

  /** A holder: the partition's commits as it opened them, and a buffer whose flushes are its commits. */
  const holder = async () => {
    const commits = await PartitionCommits.open(db, PARTITION, [PROJECTOR]);
    const buffers = new WriteBuffers(db, new Map([[PROJECTOR, COLLECTION]]), { commit: (writes) => commits.commit(writes, commits.checkpoints.values()) });
    const likes = buffers.stores.get(PROJECTOR) as ReadModelStore<Likes>;
    /** Applies a like at `position` of the log into the buffer, as a projector would (idempotent by liker). */
    const like = async (reader: number, position: number) => {
      const doc = (await likes.findOne({ _id: 'book-1' })) ?? { _id: 'book-1', likers: [] };
      if (!doc.likers.includes(reader)) await likes.replaceOne({ _id: 'book-1' }, { likers: [...doc.likers, reader] }, { upsert: true });
      commits.checkpoints.get(PROJECTOR)!.position = position;
    };
    return { commits, buffers, like };
  };
  const stored = () => db.collection<Likes & { _batch?: number }>(COLLECTION).findOne({ _id: 'book-1' });
  const checkpoint = () => new Checkpoints(db).read(PARTITION, [PROJECTOR]);

  it('refuses the batch of a holder whose successor read the document before it wrote, so no like is lost', async () => {
    const stale = await holder();
    await stale.like(1, 1);
    // Its lease runs out while it is frozen; the successor reads the document (no like yet) and applies another.
    const successor = await holder();
    await successor.like(2, 2);
    // The stale holder wakes and commits first: its batch was computed on the state it is committed over, so it stands.
    await stale.buffers.flush();
    expect((await stored())?.likers).toEqual([1]);
    // The successor's batch was computed on a state without it: refused, and written nowhere.
    await expect(successor.buffers.flush()).rejects.toBeInstanceOf(LeaseLost);
    expect((await stored())?.likers).toEqual([1]);
    // Starting afresh from the store, it applies its event again on top.
    const again = await holder();
    await again.like(2, 2);
    await again.buffers.flush();
    expect(await stored()).toEqual({ _id: 'book-1', likers: [1, 2], [STAMP]: 2 });
    expect(await checkpoint()).toMatchObject({ batch: 2 });
  });

  it('writes a partition batch whose holder stopped between its commit and its writes, and never takes a document back', async () => {
    const first = await holder();
    await first.like(1, 1);
    const writes = first.buffers.changes();
    // Committed, then stopped before its first write: the record alone holds the batch.
    await db.collection(ProjectionCollection.Commits).insertOne({ _id: batchCommitId('p03', 1), stream: 'p03', batch: 1, writes, projectors: { [PROJECTOR]: { position: 1, parkedStreams: [] } }, at: new Date() } as never);
    // The next holder writes it before it reads anything, takes its checkpoints, and goes on.
    const next = await holder();
    expect((await stored())?.likers).toEqual([1]);
    expect(next.commits.checkpoints.get(PROJECTOR)?.position).toBe(1);
    await next.like(2, 2);
    await next.buffers.flush();
    // The first wakes and writes its batch again, late: the document is of a later batch and stays.
    await applyWrites(db, writes, 1);
    expect(await stored()).toEqual({ _id: 'book-1', likers: [1, 2], [STAMP]: 2 });
    expect((await checkpoint()).checkpoints.get(PROJECTOR)?.position).toBe(2);
    expect(await db.collection(ProjectionCollection.Commits).countDocuments()).toBe(0);
    // Nor do the checkpoints go back.
    expect(await new Checkpoints(db).save(PARTITION, { [PROJECTOR]: { position: 1, parkedStreams: [] } }, 1)).toBe(false);
    expect((await checkpoint()).checkpoints.get(PROJECTOR)?.position).toBe(2);
  });

  it('finds a holder out whose batch number was committed and its record removed since', async () => {
    const stale = await holder();
    await stale.like(1, 1);
    // Batches of a successor: each record is removed once written.
    const successor = await holder();
    for (let reader = 2; reader < 5; reader++) {
      await successor.like(reader, reader);
      await successor.buffers.flush();
    }
    expect(await db.collection(ProjectionCollection.Commits).countDocuments()).toBe(0);
    await expect(stale.buffers.flush()).rejects.toBeInstanceOf(LeaseLost);
    expect((await stored())?.likers).toEqual([2, 3, 4]);
    expect(await db.collection(ProjectionCollection.Commits).findOne({ _id: batchCommitId('p03', 1) as never })).toBeNull();
  });

  it('never writes the batch a stale holder inserts again while a successor is opening', async () => {
    const first = await holder();
    await first.like(1, 1);
    await first.buffers.flush();
    // The stale holder took up batch 1's state, and goes on to a like at 2 and another book's at 3.
    const stale = await holder();
    await stale.like(2, 2);
    await stale.buffers.stores.get(PROJECTOR)!.replaceOne({ _id: 'book-2' }, { likers: [3] }, { upsert: true });
    stale.commits.checkpoints.get(PROJECTOR)!.position = 3;
    // A successor starts opening: it reads the checkpoints at batch 1 (and is then paused).
    const { batch } = await checkpoint();
    // Meanwhile the current holder commits, writes and removes batch 2 (the like at 2 only).
    const current = await holder();
    await current.like(2, 2);
    await current.buffers.flush();
    // The stale holder inserts its batch 2 again, as its commit does before it finds the progress at 2 and removes it.
    await db.collection(ProjectionCollection.Commits).insertOne({
      _id: batchCommitId('p03', 2),
      stream: 'p03',
      batch: 2,
      writes: stale.buffers.changes(),
      projectors: { [PROJECTOR]: { position: 3, parkedStreams: [] } },
      at: new Date(),
    } as never);
    // The paused successor reads the records past batch 1 now: the progress moved meanwhile, so it reads it again and
    // writes nothing of the stale batch (book 2, and a checkpoint past an event nobody applied to book 1's likers).
    const checkpoints = new Checkpoints(db);
    const progress = { batchOf: () => checkpoints.batchOf(PARTITION), save: () => Promise.resolve(false) };
    expect(await CommitStream.open(db, 'p03', batch, progress)).toBeNull();
    const successor = await holder();
    expect(successor.commits.checkpoints.get(PROJECTOR)?.position).toBe(2);
    expect(await db.collection(COLLECTION).findOne({ _id: 'book-2' as never })).toBeNull();
    expect(await stored()).toEqual({ _id: 'book-1', likers: [1, 2], [STAMP]: 2 });
  });

  it('takes up what a holder remembers only while nobody has committed since', async () => {
    const first = await holder();
    await first.like(1, 1);
    await first.buffers.flush();
    expect(await first.commits.superseded()).toBe(false);
    const second = await holder();
    await second.like(2, 2);
    await second.buffers.flush();
    expect(await first.commits.superseded()).toBe(true);
  });
});
