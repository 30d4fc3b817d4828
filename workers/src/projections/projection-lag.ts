import {
  type CheckpointDocument,
  checkpointId,
  EventLogCollection,
  PARTITION_COUNT,
  partitionId,
  type PartitionHeadDocument,
  ProjectionCollection,
} from '@shelf/contracts';
import type { Db } from 'mongodb';

/** Positions of the log each projector has still to apply, added up over the partitions (0: all caught up). */
export async function projectionLag(db: Db, projectors: readonly string[]): Promise<Record<string, number>> {
  const partitions = Array.from({ length: PARTITION_COUNT }, (_, partition) => partitionId(partition));
  const heads = await Promise.all(partitions.map((id) => db.collection<PartitionHeadDocument>(EventLogCollection.Partitions).findOne({ _id: id })));
  const lag: Record<string, number> = {};
  await Promise.all(
    projectors.map(async (projector) => {
      const checkpoints = await Promise.all(
        partitions.map((id) => db.collection<CheckpointDocument>(ProjectionCollection.Checkpoints).findOne({ _id: checkpointId(projector, id) })),
      );
      lag[projector] = checkpoints.reduce((sum, checkpoint, i) => sum + Math.max(0, (heads[i]?.head ?? 0) - (checkpoint?.position ?? 0)), 0);
    }),
  );
  return lag;
}
