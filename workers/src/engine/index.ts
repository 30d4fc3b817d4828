// The projection engine's face (docs/architecture.md, "The projection engine"): what reads the event log and runs
// projectors — the runner and its consumer, batches, commits, checkpoints, leases, parked events, the rebuild — and the
// ports through which a batch's side effects leave it. Code outside workers/src/engine/ imports the engine only from
// here (eslint.config.mjs); the engine imports no projector, mail or realtime code (engine-imports.spec.ts).

// What projectors implement and are given.
export { type LogPlace, type Prefetch, type ProjectionContext, type Projector, PROJECTORS } from './projector';
export { BatchModels, type BatchWrites, ReadModels } from './read-models';
export type { ById, ReadModelStore, ReadModelUpdate } from '@shelf/read-model-formats';

// The ports, which the module composing the workers binds to adapters.
export { LIVE_PUSHES, type LivePushes, MAIL_OUTBOX, type MailOutboxPort } from './ports';

// Live projection: the runner, its consumer and its Nest parts.
export { LOG_BATCH, PARTITION_LEASE_MS, PartitionRunner, partitionLease } from './partition-runner';
export { PartitionConsumer, SWEEP_MS } from './partition-consumer';
export { PartitionPokes } from './partition-pokes';
export { BatchEffects, BatchEffectsDelivery, type QueuedMail } from './batch-effects';
export { ProjectionSignals } from './projection-signals';
export { ParkedEventsProcessor } from './parked-events.processor';
export { ParkedEvents } from './parked-events';
export { SHAPE_UPGRADE_LEASE, ShapeUpgrade, WORKER_VARIABLES } from './shape-upgrade';

// Batches, commits, checkpoints and leases, for tools and tests that look at or hold them.
export { Checkpoints, positionsOf } from './checkpoints';
export { type Lease, type LeaseDocument, LeaseLost, Leases } from './leases';
export { projectionLag } from './projection-lag';
export { applyStraight } from './apply-straight';
export { WriteBuffers } from './write-buffers';

// The rebuild of read models from the log (workers/src/cli/rebuild.ts runs it).
export { dropAll, type RebuildDeps, type RebuildResult, rebuildProjections } from './rebuild/rebuild-projections';
export type { RebuildProfile, RebuildProgress } from './rebuild/rebuild-progress';
