import {
  batchCommitId,
  type BatchCommitDocument,
  type CheckpointDocument,
  type CommittedWrites,
  partitionId,
  ProjectionCollection,
} from '@shelf/contracts';
import type { Db } from 'mongodb';
import { Checkpoints, positionsOf } from './checkpoints';
import { LeaseLost } from './leases';
import { applyWrites } from './stamped-writes';
import { isDuplicateKey } from '@shelf/event-log';


/** Where a commit stream records the last batch written whole; it never moves back. */
interface Progress {
  batchOf(): Promise<number>;
  /** Records `record` as written whole, unless a later one is; false when a later one is. */
  save(record: BatchCommitDocument): Promise<boolean>;
}

/**
 * The batches of one writer's stream, each committed by one insert (docs/architecture.md, "Batches committed by one
 * insert"): its record, numbered one past the last the writer knows, holding the batch's documents whole, is inserted
 * before any read model is written from it (stamped, never back); then its progress
 * is saved and the record removed. The record's unique `_id` is the fence: a writer whose number another has taken
 * finds the duplicate key and stops (LeaseLost), or (the record written and removed already) finds the progress at its
 * number right after its insert, so nothing is ever written from a batch computed on an out-of-date state, whatever the
 * clocks or pauses. Whoever writes the stream next first writes the batches committed past its progress (see open).
 */
export class CommitStream {
  private chain: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: Db,
    readonly stream: string,
    /** The number the next commit takes. */
    private next: number,
    private readonly progress: Progress,
  ) {}

  private static records(db: Db) {
    return db.collection<BatchCommitDocument>(ProjectionCollection.Commits);
  }

  /**
   * Takes up a stream whose progress was read at `batch`: writes each batch committed past it from its record (a writer
   * that stopped between its commit and its writes, or is still writing them), records the last as its progress and
   * resolves with it, and removes the records. Null when the progress moved past `batch` while the records were read:
   * the caller reads it again and opens from there.
   */
  static async open(db: Db, stream: string, batch: number, progress: Progress): Promise<{ commits: CommitStream; last: BatchCommitDocument | null } | null> {
    const commits = new CommitStream(db, stream, batch + 1, progress);
    const found: BatchCommitDocument[] = [];
    for (let record; (record = await commits.record(commits.next)); commits.next++) found.push(record);
    // A record found is its number's batch only if the progress was still short of it when the record was read: a
    // writer whose number was committed, written and its record removed meanwhile inserts that number again, on an
    // out-of-date state, and removes it only once it finds the progress there (commitNow). Progress never moves back,
    // so unmoved now means short of every record read before.
    if (found.length > 0 && (await progress.batchOf()) !== batch) return null;
    for (const record of found) await applyWrites(db, record.writes, record.batch);
    const last = found.at(-1) ?? null;
    if (last) await progress.save(last);
    for (const record of found) await CommitStream.records(db).deleteOne({ _id: record._id });
    return { commits, last };
  }

  /** Whether another writer has committed since this one's last commit (what this one remembers is then out of date). */
  async superseded(): Promise<boolean> {
    const [record, progress] = await Promise.all([this.record(this.next), this.progress.batchOf()]);
    return record !== null || progress >= this.next;
  }

  /** Commits `writes` (with a partition's checkpoints), then writes them; commits run one after another. Throws LeaseLost when another writer has committed this number. */
  commit(writes: readonly CommittedWrites[], projectors?: BatchCommitDocument['projectors']): Promise<void> {
    const run = this.chain.then(() => this.commitNow(writes.filter((w) => w.inserted.length + w.replaced.length > 0), projectors));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async commitNow(writes: CommittedWrites[], projectors: BatchCommitDocument['projectors']): Promise<void> {
    const batch = this.next;
    const record: BatchCommitDocument = {
      _id: batchCommitId(this.stream, batch),
      stream: this.stream,
      batch,
      writes,
      ...(projectors && { projectors }),
      at: new Date(),
    };
    try {
      await CommitStream.records(this.db).insertOne(record);
    } catch (error) {
      if (isDuplicateKey(error)) throw this.lost(`batch ${batch} was committed by another writer`);
      throw error;
    }
    this.next = batch + 1;
    // A number whose record was removed once written inserts again: the progress, never moved back, is then at or past
    // it.
    if ((await this.progress.batchOf()) >= batch) {
      await CommitStream.records(this.db).deleteOne({ _id: record._id });
      throw this.lost(`batch ${batch} was committed and passed by another writer`);
    }
    await applyWrites(this.db, writes, batch);
    if (!(await this.progress.save(record))) throw this.lost(`its progress is past batch ${batch}`);
    // Written whole: the record, which holds copies of what it wrote (personal data too), is not kept.
    await CommitStream.records(this.db).deleteOne({ _id: record._id });
  }

  private record(batch: number): Promise<BatchCommitDocument | null> {
    return CommitStream.records(this.db).findOne({ _id: batchCommitId(this.stream, batch) });
  }

  private lost(how: string): LeaseLost {
    return new LeaseLost(this.stream, this.next - 1, how);
  }
}

/**
 * A partition's commit stream (`pNN`), whose progress is its checkpoints document: each batch's record holds the
 * documents it changes and every projector's checkpoint after it.
 */
export class PartitionCommits {
  private constructor(
    private readonly stream: CommitStream,
    /** Every projector's checkpoint as of the last committed batch. */
    readonly checkpoints: Map<string, CheckpointDocument>,
  ) {}

  /**
   * Takes up a partition: writes every batch committed past its checkpoints (their holder may still be writing them:
   * going on from the checkpoints instead, on a state it is still changing, could write a document back without what
   * a later event of its batch put there), then its checkpoints as of the last.
   */
  static async open(db: Db, partition: number, projectors: readonly string[]): Promise<PartitionCommits> {
    const checkpoints = new Checkpoints(db);
    const progress: Progress = {
      batchOf: () => checkpoints.batchOf(partition),
      save: (record) => checkpoints.save(partition, record.projectors ?? {}, record.batch),
    };
    let stored: Awaited<ReturnType<Checkpoints['read']>>;
    let opened: Awaited<ReturnType<typeof CommitStream.open>>;
    do {
      stored = await checkpoints.read(partition, projectors);
      opened = await CommitStream.open(db, partitionId(partition), stored.batch, progress);
    } while (!opened);
    const { commits, last } = opened;
    for (const [name, { position, parkedStreams }] of Object.entries(last?.projectors ?? {})) {
      const checkpoint = stored.checkpoints.get(name);
      if (checkpoint) Object.assign(checkpoint, { position, parkedStreams: [...parkedStreams] });
    }
    return new PartitionCommits(commits, stored.checkpoints);
  }

  superseded(): Promise<boolean> {
    return this.stream.superseded();
  }

  /** Commits `writes` with `checkpoints` (every projector's, as they stand after them), then writes them. */
  commit(writes: readonly CommittedWrites[], checkpoints: Iterable<CheckpointDocument>): Promise<void> {
    return this.stream.commit(writes, positionsOf(checkpoints));
  }
}
