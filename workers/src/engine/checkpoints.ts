import {
  type CheckpointDocument,
  checkpointId,
  checkpointsOf,
  type PartitionCheckpointsDocument,
  partitionId,
  ProjectionCollection,
  type ProjectorPosition,
} from '@shelf/contracts';
import type { Db } from 'mongodb';
import { isDuplicateKey } from '@shelf/event-log';

const fresh = (projector: string, partition: number): CheckpointDocument => ({
  _id: checkpointId(projector, partitionId(partition)),
  projector,
  partition,
  position: 0,
  parkedStreams: [],
  updatedAt: new Date(0),
});

/** What a partition's checkpoints document keeps of these checkpoints. */
export function positionsOf(checkpoints: Iterable<CheckpointDocument>): Record<string, ProjectorPosition> {
  const projectors: Record<string, ProjectorPosition> = {};
  for (const { projector, position, parkedStreams } of checkpoints) projectors[projector] = { position, parkedStreams: [...parkedStreams] };
  return projectors;
}

/**
 * Each projector's progress through each partition of the log, kept in the store beside its read models: one document
 * per partition holds every projector's checkpoint there and the committed batch they reflect (PartitionCommits), so
 * that a batch moves them all with one write, never back to an earlier batch.
 */
export class Checkpoints {
  /** Checkpoints of the older shape looked up already and not found (they are never written again). */
  private readonly noLegacy = new Set<string>();

  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<PartitionCheckpointsDocument | CheckpointDocument>(ProjectionCollection.Checkpoints);
  }

  /** The checkpoints of the projectors named in a partition (position 0 for one never saved), in one read. */
  async loadPartition(partition: number, projectors: readonly string[]): Promise<Map<string, CheckpointDocument>> {
    return (await this.read(partition, projectors)).checkpoints;
  }

  /** The checkpoints of the projectors named in a partition, and the committed batch they reflect (0: none). */
  async read(partition: number, projectors: readonly string[]): Promise<{ checkpoints: Map<string, CheckpointDocument>; batch: number }> {
    const id = partitionId(partition);
    const doc = (await this.collection.findOne({ _id: id })) as PartitionCheckpointsDocument | null;
    const found = new Map(checkpointsOf(doc ? [doc] : []).map((checkpoint) => [checkpoint.projector, checkpoint]));
    const missing = projectors.map((projector) => checkpointId(projector, id)).filter((legacyId, i) => !found.has(projectors[i]) && !this.noLegacy.has(legacyId));
    // A store written before checkpoints were kept per partition: its documents per projector and partition count.
    const legacy = await Promise.all(missing.map((legacyId) => this.collection.findOne({ _id: legacyId })));
    missing.forEach((legacyId, i) => legacy[i] === null && this.noLegacy.add(legacyId));
    for (const old of checkpointsOf(legacy.filter((d): d is CheckpointDocument => d !== null))) found.set(old.projector, old);
    const checkpoints = new Map(projectors.map((projector) => [projector, found.get(projector) ?? fresh(projector, partition)]));
    return { checkpoints, batch: doc?.batch ?? 0 };
  }

  /** The committed batch a partition's checkpoints reflect (0: none). */
  async batchOf(partition: number): Promise<number> {
    const doc = (await this.collection.findOne({ _id: partitionId(partition) })) as PartitionCheckpointsDocument | null;
    return doc?.batch ?? 0;
  }

  /**
   * Writes a partition's document with these checkpoints as of committed batch `batch`, in one command, unless it
   * reflects that batch or a later one already; false when a later one's are there.
   */
  async save(partition: number, projectors: Record<string, ProjectorPosition>, batch: number): Promise<boolean> {
    const id = partitionId(partition);
    const older = { _id: id, $or: [{ batch: { $lt: batch } }, { batch: { $exists: false } }] };
    try {
      const result = await this.collection.replaceOne(older as never, { partition, projectors, batch, updatedAt: new Date() } as never, { upsert: true });
      return result.matchedCount + result.upsertedCount > 0 || (await this.batchOf(partition)) === batch;
    } catch (error) {
      // The upsert's insert met the document the filter refused.
      if (isDuplicateKey(error)) return (await this.batchOf(partition)) === batch;
      throw error;
    }
  }
}
