import type { PartitionHeadDocument } from './event-log';

/** Collections of the workers' progress through the log, kept in the store so that nothing depends on Redis. */
export const ProjectionCollection = {
  /**
   * One document per partition (PartitionCheckpointsDocument): the last position each projector has applied there, so
   * that a batch moves every projector's checkpoint with one write.
   */
  Checkpoints: 'projection_checkpoints',
  /**
   * Each partition's committed batches (BatchCommitDocument, `{partitionId}#{batch}`): a batch's changes to read models
   * stored as one document before any read model is written; inserting it is the commit point and the fence (a second
   * holder cannot commit the same number).
   */
  Commits: 'projection_commits',
  /**
   * Leases with fencing epochs (workers' leases.ts): one partition consumer at a time, one writer of a shared read-model
   * document at a time, one worker process rebuilding read models of an older shape; a claim per epoch
   * (`{lease}#{epoch}`) and a hint of the newest (`{lease}`).
   */
  Locks: 'projection_locks',
  /** Events a projector failed on every retry, set aside for an operator (`npm run projections:parked`). */
  Parked: 'projection_parked',
  /** The shape each projector's read models are in (ProjectionShapeDocument, `_id` = projector). */
  Shapes: 'projection_shapes',
} as const;

/** The shape a projector's read models are in: raised with every change the projector cannot apply over the old ones. */
export interface ProjectionShapeDocument {
  _id: string;
  shape: number;
  at: Date;
}

/** One projector's progress through one partition, as its partition's document holds it (see checkpointsOf). */
export interface CheckpointDocument {
  /** `{projector}:{partitionId}`: how the checkpoint is named in lag reports and tests. */
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

/** What a partition's checkpoints document keeps of each projector. */
export interface ProjectorPosition {
  position: number;
  parkedStreams: string[];
}

/** Every projector's checkpoint in one partition: `_id` is the partition's id (`p03`). */
export interface PartitionCheckpointsDocument {
  _id: string;
  partition: number;
  projectors: Record<string, ProjectorPosition>;
  /** The last committed batch (BatchCommitDocument) these checkpoints reflect; never written back to a lower one. */
  batch?: number;
  updatedAt: Date;
}

/** A read-model document's changes in one committed batch, per collection, in the order they are written. */
export interface CommittedWrites {
  collection: string;
  /** Documents that were not stored when the batch read them (inserted, else written like `replaced`). */
  inserted: { _id: string }[];
  replaced: { _id: string }[];
}

/**
 * One committed batch of a commit stream (docs/architecture.md, "Batches committed by one insert"): a partition's, or a
 * document's that events of many partitions change (`inbox:{user}`). Inserting it, before any of the batch's writes,
 * is the commit point and the fence. It holds the documents the batch changes, whole, which whoever writes the stream
 * next writes if its writer did not finish, and for a partition every projector's checkpoint after it.
 */
export interface BatchCommitDocument {
  /** `{stream}#{batch}`. */
  _id: string;
  stream: string;
  batch: number;
  /** The documents the batch writes, whole, for whoever writes the stream next if its writer did not finish. */
  writes: CommittedWrites[];
  /** A partition's: every projector's checkpoint after the batch. */
  projectors?: Record<string, ProjectorPosition>;
  at: Date;
}

export const batchCommitId = (stream: string, batch: number): string => `${stream}#${batch}`;

/**
 * The checkpoints the stored documents hold, one per projector and partition. A store written before checkpoints were
 * kept per partition has a document per projector and partition (`{projector}:{partitionId}`, a CheckpointDocument):
 * such a document counts until its partition's document holds that projector.
 */
export function checkpointsOf(docs: readonly (PartitionCheckpointsDocument | CheckpointDocument)[]): CheckpointDocument[] {
  const checkpoints = new Map<string, CheckpointDocument>();
  for (const doc of docs) {
    if (!('projectors' in doc)) continue;
    for (const [projector, { position, parkedStreams }] of Object.entries(doc.projectors)) {
      const _id = checkpointId(projector, doc._id);
      checkpoints.set(_id, { _id, projector, partition: doc.partition, position, parkedStreams, updatedAt: doc.updatedAt });
    }
  }
  for (const doc of docs) if ('projector' in doc && !checkpoints.has(doc._id)) checkpoints.set(doc._id, doc);
  return [...checkpoints.values()];
}

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
