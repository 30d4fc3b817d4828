import type { PartitionHeadDocument } from './event-log';

/** Collections of the workers' progress through the log, kept in the store so that nothing depends on Redis. */
export const ProjectionCollection = {
  /** One document per (projector, partition): the last position the projector has applied. */
  Checkpoints: 'projection_checkpoints',
  /**
   * Leases with fencing epochs (workers' leases.ts): one partition consumer at a time, one writer of a shared read-model
   * document at a time; a claim per epoch (`{lease}#{epoch}`) and a hint of the newest (`{lease}`).
   */
  Locks: 'projection_locks',
  /** Events a projector failed on every retry, set aside for an operator (`npm run projections:parked`). */
  Parked: 'projection_parked',
} as const;

export interface CheckpointDocument {
  /** `{projector}:{partitionId}`. */
  _id: string;
  projector: string;
  partition: number;
  /** The last position applied (0: none). */
  position: number;
  /** Streams with a parked event: their later events are parked behind it, to keep each stream in order. */
  parkedStreams: string[];
  updatedAt: Date;
}

export const checkpointId = (projector: string, partitionIdText: string): string => `${projector}:${partitionIdText}`;

/**
 * Positions of the log each projector has still to apply, added up over the partitions (0: all caught up): each
 * partition's head minus the projector's checkpoint there, a missing checkpoint counting as position 0. Shared by the
 * workers (which wait on it) and the API's health report.
 */
export function projectionLagOf(heads: readonly PartitionHeadDocument[], checkpoints: readonly CheckpointDocument[], projectors: readonly string[]): Record<string, number> {
  const positions = new Map(checkpoints.map((checkpoint) => [checkpoint._id, checkpoint.position]));
  const behind = (projector: string) =>
    heads.reduce((sum, { _id, head }) => sum + Math.max(0, head - (positions.get(checkpointId(projector, _id)) ?? 0)), 0);
  return Object.fromEntries(projectors.map((projector) => [projector, behind(projector)]));
}

export interface ParkedEventDocument {
  /** `{projector}:{eventId}`. */
  _id: string;
  projector: string;
  partition: number;
  seq: number;
  eventId: string;
  eventDocumentId: string;
  streamId: string;
  version: number;
  type: string;
  error: string;
  attempts: number;
  parkedAt: Date;
}

export const parkedEventId = (projector: string, eventId: string): string => `${projector}:${eventId}`;
