import { type CheckpointDocument, checkpointId, partitionId, ProjectionCollection } from '@shelf/contracts';
import type { Db } from 'mongodb';

/** Each projector's progress through each partition of the log, kept in the store beside its read models. */
export class Checkpoints {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<CheckpointDocument>(ProjectionCollection.Checkpoints);
  }

  async load(projector: string, partition: number): Promise<CheckpointDocument> {
    const id = checkpointId(projector, partitionId(partition));
    return (await this.collection.findOne({ _id: id })) ?? { _id: id, projector, partition, position: 0, parkedStreams: [], updatedAt: new Date(0) };
  }

  /** Written only by the holder of the partition's lock. */
  async save(checkpoint: CheckpointDocument): Promise<void> {
    await this.saveAll([checkpoint]);
  }

  /** Several at once, in one command. */
  async saveAll(checkpoints: CheckpointDocument[]): Promise<void> {
    if (checkpoints.length === 0) return;
    const updatedAt = new Date();
    await this.collection.bulkWrite(
      checkpoints.map((checkpoint) => ({ replaceOne: { filter: { _id: checkpoint._id }, replacement: { ...checkpoint, updatedAt }, upsert: true } })),
      { ordered: false },
    );
  }
}
