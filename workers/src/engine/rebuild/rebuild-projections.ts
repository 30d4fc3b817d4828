import { type AnyDomainEvent, type CheckpointDocument, PARTITION_COUNT, ProjectionCollection, READ_MODELS_REBUILT, type ReadModelChange } from '@shelf/contracts';
import type { Collection, Db } from 'mongodb';
import { isOutage } from '../../log/is-outage';
import { LogReader } from '../../log/log-reader';
import { PartitionCommits } from '../batch-commits';
import { type Lease, type LeaseDocument, LeaseLost, Leases } from '../leases';
import { PARTITION_LEASE_MS, partitionLease } from '../partition-runner';
import { ParkedEvents } from '../parked-events';
import type { Projector } from '../projector';
import type { BatchModels, ReadModels } from '../read-models';
import { recordShapes } from '../shape-upgrade';
import { WriteBuffers } from '../write-buffers';
import { replayLog } from './replay-log';
import type { RebuildProfile, RebuildProgress } from './rebuild-progress';

/** Log entries a catch-up pass reads at a time. */
const BATCH = 500;
/** Partitions a catch-up pass reads side by side: LogReader is bound by the store's round trips, not by this process. */
const SIDE_BY_SIDE = 4;
/**
 * Catch-up passes run without the partitions' leases until one takes less than this; the last pass, with every lease
 * held (no live projection meanwhile), then has about this much to do.
 */
const SHORT_PASS_MS = 1000;
const MAX_PASSES = 20;
/** Tries of one event by one projector before the rebuild parks it (and the rest of its stream), as live projection does. */
const ATTEMPTS = 3;

export interface RebuildDeps {
  db: Db;
  readModels: ReadModels;
  projectors: Projector[];
  /** Tells API processes to look up the read models' collections again (best effort: they also poll). */
  announce(change: ReadModelChange): Promise<unknown>;
}

export interface RebuildResult {
  events: number;
  /** The new collection of each rebuilt read model. */
  collections: Record<string, string>;
  /** The collections they replaced: drop them (dropAll) once readers have had time to move. */
  replaced: string[];
  /** How long live projection was held up: every partition's lease held, for the last catch-up and the swap. */
  leasesHeldMs: number;
  /** What it took: each phase's time (ms), and the store work of reading the log and writing the new collections. */
  profile: RebuildProfile;
}

/**
 * Rebuilds read models while the site runs: the projectors named (all with read models when none is) apply the whole
 * log into new collections while live projection goes on into the old ones. The log is read once with cursors and
 * applied in memory, each document inserted in bulk once (replayLog). The new collections then catch up by `_id` reads
 * (LogReader, WriteBuffers) in passes until one is short; then, with every partition's lease held (live consumers wait
 * about a second), they catch up to the head, the read models point at them (one write each), and they take over the
 * projectors' checkpoints (one commit per partition) and parked events (an event the rebuild fails on every try is
 * parked with its stream, as live projection does, instead of failing the rebuild). A rebuild that fails before the
 * switch leaves the live read models as they were, and drops what it built.
 */
export async function rebuildProjections(deps: RebuildDeps, names: string[], onProgress: (progress: RebuildProgress) => void): Promise<RebuildResult> {
  const rebuilt = deps.projectors.filter((p) => p.owns?.length && (names.length === 0 || names.includes(p.name)));
  const unknown = names.filter((name) => !deps.projectors.some((p) => p.name === name && p.owns?.length));
  if (unknown.length > 0) throw new Error(`no projector with read models is named ${unknown.join(', ')}`);
  const suffix = `__${Date.now().toString(36)}`;
  const targets = new Map(rebuilt.flatMap((p) => p.owns!.map((readModel) => [readModel, `${readModel}${suffix}`] as const)));
  const reader = new LogReader(deps.db);
  let positions = new Array<number>(PARTITION_COUNT).fill(0);
  let events = 0;
  const total = (await Promise.all(positions.map((_, partition) => reader.head(partition)))).reduce((sum, head) => sum + head, 0);

  /** Events a rebuilt projector failed on every try, with the streams they hold up, by projector and partition. */
  const parked: { projector: Projector; partition: number; seq: number; event: AnyDomainEvent; error: string; attempts: number }[] = [];
  const parkedStreams = new Map<string, Set<string>>();
  const streamsParked = (projector: Projector, partition: number) => parkedStreams.get(`${projector.name}:${partition}`) ?? new Set<string>();

  /** As the live runner applies an event: a stream with a parked event has its later ones parked too; no pushes. */
  const applyOne = async (projector: Projector, partition: number, seq: number, event: AnyDomainEvent, models: BatchModels) => {
    const held = streamsParked(projector, partition);
    let failure = held.has(event.streamId) ? 'an earlier event of its stream is parked' : null;
    for (let attempt = 1; failure === null; attempt++) {
      try {
        await projector.apply(event, { place: { partition, seq }, push: () => undefined, mail: () => undefined, models });
        return;
      } catch (error) {
        if (isOutage(error) || attempt >= ATTEMPTS) {
          if (isOutage(error)) throw error;
          failure = error instanceof Error ? (error.stack ?? error.message).slice(0, 2000) : String(error);
        }
      }
    }
    parked.push({ projector, partition, seq, event, error: failure, attempts: held.has(event.streamId) ? 0 : ATTEMPTS });
    parkedStreams.set(`${projector.name}:${partition}`, held.add(event.streamId));
  };
  const applyAll = async (projectors: Projector[], partition: number, seq: number, event: AnyDomainEvent, models: BatchModels) => {
    for (const projector of projectors) if (projector.handles.includes(event.type)) await applyOne(projector, partition, seq, event, models);
  };

  /** Catch-up: every partition from where it is to its head by LogReader, a few side by side, into the new collections. */
  const buffers = new WriteBuffers(deps.db, targets);
  const models = deps.readModels.batch(buffers, { rebuilding: true });
  const catchUp = async (partition: number) => {
    for (;;) {
      const entries = await reader.read(partition, positions[partition], BATCH);
      if (entries.length === 0) return;
      for (const { seq, event } of entries) if (event) await applyAll(rebuilt, partition, seq, event, models);
      await buffers.settle();
      positions[partition] = entries.at(-1)!.seq;
      events += entries.length;
      onProgress({ phase: 'catch-up', events, total });
    }
  };
  const pass = async () => {
    const queue = Array.from({ length: PARTITION_COUNT }, (_, partition) => partition);
    const lane = async () => {
      for (let partition = queue.shift(); partition !== undefined; partition = queue.shift()) await catchUp(partition);
    };
    await Promise.all(Array.from({ length: SIDE_BY_SIDE }, lane));
    await buffers.flush();
  };

  let switched = false;
  const profile: RebuildProfile = { readMs: 0, replayMs: 0, catchUpMs: 0, lookedUp: 0, inserted: 0, replaced: 0, readBack: 0 };
  try {
    const replayed = await replayLog({ db: deps.db, readModels: deps.readModels, projectors: rebuilt, targets, apply: applyAll, total, onProgress });
    ({ positions, events } = replayed);
    Object.assign(profile, replayed.profile);
    // Catch up without stopping live projection, in passes that shrink as the rebuild nears the head.
    const caughtUp = Date.now();
    for (let passes = 0; passes < MAX_PASSES; passes++) {
      const started = Date.now();
      await pass();
      if (Date.now() - started < SHORT_PASS_MS) break;
    }
    profile.catchUpMs = Date.now() - caughtUp;
    await deps.readModels.refresh();
    const replaced = new Map([...targets.keys()].map((readModel) => [readModel, deps.readModels.physical(readModel)]));
    let leasesHeldMs = 0;
    await withEveryPartition(deps.db, async () => {
      const held = Date.now();
      await pass();
      const names = deps.projectors.map((projector) => projector.name);
      // Batches live consumers committed and did not finish writing are written first (into the old collections).
      const opened = await Promise.all(positions.map((_, partition) => PartitionCommits.open(deps.db, partition, names)));
      // The switch: the read models first, in one write each. Killed before it, the live read models are as they were
      // (the new collections are dropped by the next rebuild's clean-up); killed after, consumers apply from the old
      // checkpoints into the new collections, which changes nothing there (each read model remembers what it applied).
      await Promise.all(
        [...targets].map(([readModel, collection]) => deps.readModels.versions.replaceOne({ _id: readModel }, { collection, rebuiltAt: new Date() }, { upsert: true })),
      );
      switched = true;
      await recordShapes(deps.db, rebuilt);
      // Then each partition's checkpoints, committed: a holder that lost its lease and wakes now cannot commit past them.
      await Promise.all(opened.map((commits, partition) => moveCheckpoints(deps.db, commits, partition, names, (checkpoint) => {
        const projector = rebuilt.find((p) => p.name === checkpoint.projector);
        if (projector) Object.assign(checkpoint, { position: positions[partition], parkedStreams: [...streamsParked(projector, partition)] });
      })));
      // What the rebuild parked replaces what live projection had parked for the projectors rebuilt.
      const parkedEvents = new ParkedEvents(deps.db);
      for (const doc of await parkedEvents.list()) if (rebuilt.some((p) => p.name === doc.projector)) await parkedEvents.remove(doc._id);
      for (const doc of parked) await parkedEvents.park(doc.projector.name, doc.partition, doc.seq, doc.event, doc.error, doc.attempts);
      await deps.readModels.refresh();
      leasesHeldMs = Date.now() - held;
    });
    await deps.announce({ eventType: READ_MODELS_REBUILT, streamId: '*' });
    // Projectors derived from read models just rebuilt (named in their `after`) rebuild themselves from the new ones.
    for (const derived of deps.projectors) {
      if (!derived.reindex || !rebuilt.some((p) => derived.after?.includes(p.name))) continue;
      await derived.reindex((done, total) => onProgress({ phase: 'reindex', events: done, total }));
    }
    onProgress({ phase: 'done', events, total });
    return { events, collections: Object.fromEntries(targets), replaced: [...replaced.values()], leasesHeldMs, profile };
  } catch (error) {
    // Switched, the new collections are the live read models.
    if (!switched) await dropAll(deps.db, [...targets.values()]).catch(() => undefined);
    throw error;
  }
}

/**
 * Commits a partition's checkpoints as `move` changes them; when another holder commits first (one that lost its lease
 * and woke), its batch is written and the move made again on top.
 */
async function moveCheckpoints(db: Db, opened: PartitionCommits, partition: number, names: string[], move: (checkpoint: CheckpointDocument) => void): Promise<void> {
  for (let commits = opened; ; commits = await PartitionCommits.open(db, partition, names)) {
    for (const checkpoint of commits.checkpoints.values()) move(checkpoint);
    try {
      return await commits.commit([], commits.checkpoints.values());
    } catch (error) {
      if (!(error instanceof LeaseLost)) throw error;
    }
  }
}

/** Drops collections, one by one (a drop is not limited by the store's size limits, as a delete of every document is). */
export async function dropAll(db: Db, names: string[]): Promise<void> {
  for (const name of names) await db.dropCollection(name).catch(() => undefined);
}

/** Runs `work` holding every partition's lease, taken in order, so no live consumer works meanwhile. */
async function withEveryPartition(db: Db, work: () => Promise<void>): Promise<void> {
  const leases = new Leases(db.collection<LeaseDocument>(ProjectionCollection.Locks) as Collection<LeaseDocument>);
  const held: Lease[] = [];
  const renew = setInterval(() => held.forEach((lease) => void leases.renew(lease, PARTITION_LEASE_MS).catch(() => undefined)), PARTITION_LEASE_MS / 3);
  try {
    // Every holder asked to let go at once (each at its next renewal), then the leases taken in order.
    await Promise.all(Array.from({ length: PARTITION_COUNT }, (_, partition) => leases.want(partitionLease(partition))));
    for (let partition = 0; partition < PARTITION_COUNT; partition++) held.push((await leases.acquire(partitionLease(partition), PARTITION_LEASE_MS))!);
    await work();
  } finally {
    clearInterval(renew);
    for (const lease of held) await leases.release(lease).catch(() => undefined);
  }
}
