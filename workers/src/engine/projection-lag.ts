import {
  checkpointsOf,
  EventLogCollection,
  PARTITION_COUNT,
  partitionId,
  type PartitionCheckpointsDocument,
  type PartitionHeadDocument,
  ProjectionCollection,
  projectionLagOf,
} from '@shelf/contracts';
import type { Db } from 'mongodb';

const present = <T>(doc: T | null): doc is T => doc !== null;

/** Positions of the log each projector has still to apply, added up over the partitions (0: all caught up). */
export async function projectionLag(db: Db, projectors: readonly string[]): Promise<Record<string, number>> {
  const partitions = Array.from({ length: PARTITION_COUNT }, (_, partition) => partitionId(partition));
  const [heads, checkpoints] = await Promise.all([
    Promise.all(partitions.map((id) => db.collection<PartitionHeadDocument>(EventLogCollection.Partitions).findOne({ _id: id }))),
    Promise.all(partitions.map((id) => db.collection<PartitionCheckpointsDocument>(ProjectionCollection.Checkpoints).findOne({ _id: id }))),
  ]);
  return projectionLagOf(heads.filter(present), checkpointsOf(checkpoints.filter(present)), projectors);
}
