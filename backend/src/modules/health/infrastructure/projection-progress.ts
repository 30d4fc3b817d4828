import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  type CheckpointDocument,
  checkpointsOf,
  EventLogCollection,
  type PartitionCheckpointsDocument,
  type PartitionHeadDocument,
  ProjectionCollection,
  projectionLagOf,
} from '@shelf/contracts';
import type { Connection } from 'mongoose';

/** How often `caughtUp` looks at the checkpoints again. */
const CAUGHT_UP_POLL_MS = 50;

export interface LogProgress {
  /** Events in the log: the partitions' heads added up. */
  logEvents: number;
  /** Positions of the log each projector has still to apply (0: caught up), by projector. */
  lag: Record<string, number>;
}

/**
 * The workers' progress through the log, read from the collections they keep it in (health and metrics report it):
 * every projector that has a checkpoint, since the API does not know the workers' projectors. Both collections are
 * small (one document per partition).
 */
@Injectable()
export class ProjectionProgress {
  constructor(@InjectConnection() private readonly store: Connection) {}

  async read(): Promise<LogProgress> {
    const [heads, checkpoints] = await Promise.all([
      this.store.collection<PartitionHeadDocument>(EventLogCollection.Partitions).find({}).toArray(),
      this.store.collection<PartitionCheckpointsDocument | CheckpointDocument>(ProjectionCollection.Checkpoints).find({}).toArray(),
    ]).then(([heads, docs]) => [heads, checkpointsOf(docs)] as const);
    const projectors = [...new Set(checkpoints.map((checkpoint) => checkpoint.projector))];
    return { logEvents: heads.reduce((sum, { head }) => sum + head, 0), lag: projectionLagOf(heads, checkpoints, projectors) };
  }

  /**
   * Waits until `projector` has applied every event the log held when called (each partition's head then), for
   * `timeoutMs` at most: resolves with whether it got there.
   */
  async caughtUp(projector: string, timeoutMs: number): Promise<boolean> {
    const heads = await this.store.collection<PartitionHeadDocument>(EventLogCollection.Partitions).find({}).toArray();
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const checkpoints = checkpointsOf(await this.store.collection<PartitionCheckpointsDocument | CheckpointDocument>(ProjectionCollection.Checkpoints).find({}).toArray());
      if (projectionLagOf(heads, checkpoints, [projector])[projector] === 0) return true;
      if (performance.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, CAUGHT_UP_POLL_MS));
    }
  }

  /** Events a projector set aside after failing every retry (`npm run projections:parked`). */
  parkedEvents(): Promise<number> {
    return this.store.collection(ProjectionCollection.Parked).countDocuments();
  }
}
