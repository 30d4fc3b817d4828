import { type CheckpointDocument, checkpointId, partitionId, ProjectionCollection } from '@shelf/contracts';
import { type Db, MongoBulkWriteError, MongoServerError } from 'mongodb';
import { FENCE, fencedFilter, type Lease, LeaseLost } from './leases';

const isDuplicateKey = (error: unknown) => (error instanceof MongoBulkWriteError || error instanceof MongoServerError) && error.code === 11000;

/** Each projector's progress through each partition of the log, kept in the store beside its read models. */
export class Checkpoints {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<CheckpointDocument>(ProjectionCollection.Checkpoints);
  }

  async load(projector: string, partition: number): Promise<CheckpointDocument> {
    const id = checkpointId(projector, partitionId(partition));
    const doc = await this.collection.findOne({ _id: id });
    if (!doc) return { _id: id, projector, partition, position: 0, parkedStreams: [], updatedAt: new Date(0) };
    delete (doc as Partial<Record<typeof FENCE, number>>)[FENCE];
    return doc;
  }

  /**
   * Written only under the partition's lease, in one command; a checkpoint that a later holder of the lease has written
   * is never moved (back) by an earlier one: LeaseLost.
   */
  async saveAll(checkpoints: CheckpointDocument[], lease: Lease): Promise<void> {
    if (checkpoints.length === 0) return;
    const updatedAt = new Date();
    try {
      const result = await this.collection.bulkWrite(
        checkpoints.map((checkpoint) => ({
          replaceOne: { filter: fencedFilter(checkpoint._id, lease.epoch) as never, replacement: { ...checkpoint, updatedAt, [FENCE]: lease.epoch }, upsert: true },
        })),
        { ordered: false },
      );
      if (result.matchedCount + result.upsertedCount < checkpoints.length) throw new LeaseLost(lease.id, lease.epoch, 'a checkpoint was written by a later holder');
    } catch (error) {
      // The upsert's insert met the checkpoint the filter refused.
      if (isDuplicateKey(error)) throw new LeaseLost(lease.id, lease.epoch, 'a checkpoint was written by a later holder');
      throw error;
    }
  }
}
