import {
  batchCommitId,
  type BatchCommitDocument,
  type CheckpointDocument,
  type CommittedWrites,
  partitionId,
  ProjectionCollection,
} from '@shelf/contracts';
import { type Db, type Document, MongoBulkWriteError, MongoServerError } from 'mongodb';
import { inChunks } from '../store-bulk';
import { Checkpoints, positionsOf } from './checkpoints';
import { LeaseLost } from './leases';

/** The field of a read-model document that names the committed batch it reflects (docs/architecture.md). */
export const STAMP = '_batch';
/** What leases stamped documents with before batches were committed (still on documents not written since). */
const OLD_FENCE = '_fence';
/**
 * Committed batches kept behind the newest one: a holder that commits a number whose record was removed already finds
 * the checkpoints past it (see commitNow), so this only bounds the store the records take.
 */
const KEPT = 8;
/** New documents inserted in one command (the embedded store takes about 25 ms for 500). */
const INSERT_CHUNK = 500;

const isDuplicateKey = (error: unknown) => (error instanceof MongoServerError || error instanceof MongoBulkWriteError) && error.code === 11000;

/** A read-model document as a projector sees it: without the batch that wrote it. */
export function unstamped<T extends Document>(doc: T): T {
  delete doc[STAMP];
  delete doc[OLD_FENCE];
  return doc;
}

/**
 * Writes a batch's documents. Stamped with `batch` (a committed batch of a partition), each is written only over a
 * document of an earlier batch (or none), so applying a batch twice, or late, never takes a document back; without
 * (a rebuild's new collections, a test's straight apply) they are written as they are.
 */
export async function applyWrites(db: Db, writes: readonly CommittedWrites[], batch?: number): Promise<void> {
  const stamp = (doc: { _id: string }) => (batch === undefined ? doc : { ...doc, [STAMP]: batch });
  const filter = (_id: string) => (batch === undefined ? { _id } : { _id, $or: [{ [STAMP]: { $lt: batch } }, { [STAMP]: { $exists: false } }] });
  for (const { collection, inserted, replaced } of writes) {
    const target = db.collection<{ _id: string }>(collection);
    const rest = [...replaced];
    for (let i = 0; i < inserted.length; i += INSERT_CHUNK) {
      const chunk = inserted.slice(i, i + INSERT_CHUNK);
      try {
        await target.insertMany(chunk.map(stamp), { ordered: false });
      } catch (error) {
        // Stored since it was read (this batch applied before, or written by a later one): replaced below if older.
        if (!(error instanceof MongoBulkWriteError) || [error.writeErrors].flat().some((failure) => failure.code !== 11000)) throw error;
        rest.push(...[error.writeErrors].flat().map((failure) => chunk[failure.index]));
      }
    }
    // A chunk at a time (BULK_WRITE_CHUNK). A later batch's document refuses the filter, and the upsert's insert then
    // meets its `_id`: the duplicate key is that refusal.
    for (const chunk of inChunks(rest)) {
      try {
        await target.bulkWrite(
          chunk.map((doc) => ({ replaceOne: { filter: filter(doc._id) as never, replacement: stamp(doc), upsert: true } })),
          { ordered: false },
        );
      } catch (error) {
        if (!(error instanceof MongoBulkWriteError) || [error.writeErrors].flat().some((failure) => failure.code !== 11000)) throw error;
      }
    }
  }
}

/**
 * One holding of a partition's batches (docs/architecture.md, "Batches committed by one insert"). A batch is committed
 * by inserting its record, numbered one past the last this holder knows, holding its changed documents whole and every
 * projector's checkpoint after it; only then are read models written from it (stamped, never back), then the
 * checkpoints. The record's unique `_id` is the fence: a holder whose number another has taken finds the duplicate key
 * and stops (LeaseLost), so nothing is ever written from a batch computed on an out-of-date state, whatever the clocks
 * or pauses; whoever holds the partition next first applies every committed batch the checkpoints do not reflect.
 */
export class PartitionCommits {
  private chain: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: Db,
    readonly partition: number,
    /** The number the next commit takes. */
    private next: number,
    /** Every projector's checkpoint as of the last committed batch. */
    readonly checkpoints: Map<string, CheckpointDocument>,
  ) {}

  private static records(db: Db) {
    return db.collection<BatchCommitDocument>(ProjectionCollection.Commits);
  }

  /**
   * Takes up a partition: reads its checkpoints, applies each batch committed past them (a holder that stopped between
   * its commit and its writes), and saves the checkpoints of the last one found.
   */
  static async open(db: Db, partition: number, projectors: readonly string[]): Promise<PartitionCommits> {
    const stored = await new Checkpoints(db).read(partition, projectors);
    const commits = new PartitionCommits(db, partition, stored.batch + 1, stored.checkpoints);
    let last: BatchCommitDocument | null = null;
    for (let found; (found = await commits.record(commits.next)); commits.next++) {
      await applyWrites(db, found.writes, found.batch);
      last = found;
    }
    if (last) {
      commits.adopt(last.projectors);
      await new Checkpoints(db).save(partition, last.projectors, last.batch);
    }
    return commits;
  }

  /** Whether another holder has committed since this one's last commit (what this one remembers is then out of date). */
  async superseded(): Promise<boolean> {
    return (await this.record(this.next)) !== null;
  }

  /**
   * Commits `writes` with `checkpoints` (every projector's, as they stand after them), then writes them; commits run one
   * after another. Throws LeaseLost when another holder has committed this number or later.
   */
  commit(writes: readonly CommittedWrites[], checkpoints: Iterable<CheckpointDocument>): Promise<void> {
    const projectors = positionsOf(checkpoints);
    const run = this.chain.then(() => this.commitNow(writes.filter((w) => w.inserted.length + w.replaced.length > 0), projectors));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async commitNow(writes: CommittedWrites[], projectors: BatchCommitDocument['projectors']): Promise<void> {
    const batch = this.next;
    const id = batchCommitId(partitionId(this.partition), batch);
    try {
      await PartitionCommits.records(this.db).insertOne({ _id: id, partition: this.partition, batch, writes, projectors, at: new Date() });
    } catch (error) {
      if (isDuplicateKey(error)) throw this.lost(`batch ${batch} was committed by another holder`);
      throw error;
    }
    this.next = batch + 1;
    const checkpoints = new Checkpoints(this.db);
    // A number whose record was removed (KEPT behind the newest) inserts again: the checkpoints, never written back, are
    // then at or past it.
    if ((await checkpoints.batchOf(this.partition)) >= batch) {
      await PartitionCommits.records(this.db).deleteOne({ _id: id });
      throw this.lost(`batch ${batch} was committed and passed by another holder`);
    }
    await applyWrites(this.db, writes, batch);
    if (!(await checkpoints.save(this.partition, projectors, batch))) throw this.lost(`the checkpoints are past batch ${batch}`);
    if (batch > KEPT) await PartitionCommits.records(this.db).deleteOne({ _id: batchCommitId(partitionId(this.partition), batch - KEPT) });
  }

  /** Takes the checkpoints of a batch another holder committed. */
  private adopt(projectors: BatchCommitDocument['projectors']): void {
    for (const [name, { position, parkedStreams }] of Object.entries(projectors)) {
      const checkpoint = this.checkpoints.get(name);
      if (checkpoint) Object.assign(checkpoint, { position, parkedStreams: [...parkedStreams] });
    }
  }

  private record(batch: number): Promise<BatchCommitDocument | null> {
    return PartitionCommits.records(this.db).findOne({ _id: batchCommitId(partitionId(this.partition), batch) });
  }

  private lost(how: string): LeaseLost {
    return new LeaseLost(`partition ${partitionId(this.partition)}`, this.next - 1, how);
  }
}
