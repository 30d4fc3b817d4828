import { EventLogCollection, partitionId, type PartitionHeadDocument, type PositionDocument, positionId } from '@shelf/contracts';
import { type Db, MongoBulkWriteError } from 'mongodb';
import { isDuplicateKey, onlyDuplicateKeys } from './store-refusals';
import type { GroupPositionStore } from './log-placing';


/**
 * The log's order as stored: the one code that writes `event_positions` and `event_partitions`, for the API's appends
 * (placeEventGroups), the workers' late placements (placeEvents) and the readers' closing of holes (tombstones and
 * passed-over marks). Every write is by `_id`.
 */
export class LogPositions implements GroupPositionStore {
  constructor(private readonly db: Db) {}

  private get positions() {
    return this.db.collection<PositionDocument>(EventLogCollection.Positions);
  }

  async draw(partition: number, count: number): Promise<number> {
    const heads = this.db.collection<PartitionHeadDocument>(EventLogCollection.Partitions);
    return (await heads.findOneAndUpdate({ _id: partitionId(partition) }, { $inc: { head: count } }, { upsert: true, returnDocument: 'after' }))!.head;
  }

  async write(positions: PositionDocument[]): Promise<void> {
    await this.positions.insertMany(positions, { ordered: true });
  }

  isDuplicate(error: unknown): boolean {
    return isDuplicateKey(error);
  }

  writtenBefore(error: unknown): number {
    return (error as MongoBulkWriteError).insertedCount;
  }

  /**
   * Fills the partition's numbers `seqs` with tombstones, in one command (a writer that comes later draws again);
   * resolves with the numbers their appenders wrote meanwhile, which keep their positions.
   */
  async tombstone(partition: number, seqs: readonly number[], at: Date): Promise<number[]> {
    if (seqs.length === 0) return [];
    const tombstones = seqs.map((seq): PositionDocument => ({ _id: positionId(partition, seq), partition, seq, eventDocumentId: null, eventId: null, at }));
    try {
      await this.positions.insertMany(tombstones, { ordered: false });
      return [];
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError) || !onlyDuplicateKeys(error)) throw error;
      return [error.writeErrors].flat().map((failure) => seqs[failure.index]);
    }
  }

  /** Marks positions whose event a reader passed over (passedAt), in one command: later readers pass over them at once. */
  async markPassed(ids: readonly string[], passedAt: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.positions.bulkWrite(
      ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $set: { passedAt } } } })),
      { ordered: false },
    );
  }
}
