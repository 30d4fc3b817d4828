import {
  type CheckpointDocument,
  checkpointId,
  checkpointsOf,
  type PartitionCheckpointsDocument,
  partitionId,
  ProjectionCollection,
  type ProjectorPosition,
} from '@shelf/contracts';
import { type Db, MongoBulkWriteError, MongoServerError } from 'mongodb';
import { FENCE, fencedFilter, type Lease, LeaseLost } from './leases';

const isDuplicateKey = (error: unknown) => (error instanceof MongoBulkWriteError || error instanceof MongoServerError) && error.code === 11000;
const fresh = (projector: string, partition: number): CheckpointDocument => ({
  _id: checkpointId(projector, partitionId(partition)),
  projector,
  partition,
  position: 0,
  parkedStreams: [],
  updatedAt: new Date(0),
});

/**
 * Each projector's progress through each partition of the log, kept in the store beside its read models: one document
 * per partition holds every projector's checkpoint there, so that a batch moves them all with one write (written only
 * under the partition's lease, fenced by its epoch).
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
    const id = partitionId(partition);
    const doc = await this.collection.findOne({ _id: id });
    const found = new Map(checkpointsOf(doc ? [doc as PartitionCheckpointsDocument] : []).map((checkpoint) => [checkpoint.projector, checkpoint]));
    const missing = projectors.map((projector) => checkpointId(projector, id)).filter((legacyId, i) => !found.has(projectors[i]) && !this.noLegacy.has(legacyId));
    // A store written before checkpoints were kept per partition: its documents per projector and partition count.
    const legacy = await Promise.all(missing.map((legacyId) => this.collection.findOne({ _id: legacyId })));
    missing.forEach((legacyId, i) => legacy[i] === null && this.noLegacy.add(legacyId));
    for (const old of checkpointsOf(legacy.filter((d): d is CheckpointDocument => d !== null))) found.set(old.projector, old);
    return new Map(projectors.map((projector) => [projector, found.get(projector) ?? fresh(projector, partition)]));
  }

  async load(projector: string, partition: number): Promise<CheckpointDocument> {
    return (await this.loadPartition(partition, [projector])).get(projector)!;
  }

  /**
   * Writes a partition's document with exactly these checkpoints, in one command, as the partition's consumer (which
   * holds every projector's) does after each batch. A document that a later holder of the lease has written is never
   * written (back) by an earlier one: LeaseLost.
   */
  async savePartition(partition: number, checkpoints: Iterable<CheckpointDocument>, lease: Lease): Promise<void> {
    const projectors: Record<string, ProjectorPosition> = {};
    for (const { projector, position, parkedStreams } of checkpoints) projectors[projector] = { position, parkedStreams };
    const id = partitionId(partition);
    try {
      const result = await this.collection.replaceOne(
        fencedFilter(id, lease.epoch) as never,
        { partition, projectors, updatedAt: new Date(), [FENCE]: lease.epoch } as never,
        { upsert: true },
      );
      if (result.matchedCount + result.upsertedCount < 1) throw new LeaseLost(lease.id, lease.epoch, 'the checkpoints were written by a later holder');
    } catch (error) {
      // The upsert's insert met the document the filter refused.
      if (isDuplicateKey(error)) throw new LeaseLost(lease.id, lease.epoch, 'the checkpoints were written by a later holder');
      throw error;
    }
  }

  /** Moves these checkpoints (of some projectors, any partitions), keeping the others of their partitions as stored. */
  async saveAll(checkpoints: readonly CheckpointDocument[], lease: Lease): Promise<void> {
    for (const partition of new Set(checkpoints.map((checkpoint) => checkpoint.partition))) {
      const doc = (await this.collection.findOne({ _id: partitionId(partition) })) as PartitionCheckpointsDocument | null;
      const merged = new Map(checkpointsOf(doc ? [doc] : []).map((checkpoint) => [checkpoint.projector, checkpoint]));
      for (const checkpoint of checkpoints) if (checkpoint.partition === partition) merged.set(checkpoint.projector, checkpoint);
      await this.savePartition(partition, merged.values(), lease);
    }
  }
}
