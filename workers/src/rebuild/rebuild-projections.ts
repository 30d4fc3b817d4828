import type { Collection, Db } from 'mongodb';
import { PARTITION_COUNT, ProjectionCollection, READ_MODELS_REBUILT, type ReadModelChange } from '@shelf/contracts';
import { LogReader } from '../log/log-reader';
import { type LockDocument, StoreLocks } from '../log/store-locks';
import { Checkpoints } from '../projections/checkpoints';
import { PARTITION_LEASE_MS, partitionLock } from '../projections/partition-runner';
import { ParkedEvents } from '../projections/parked-events';
import type { Projector } from '../projections/projector';
import type { ReadModels } from '../projections/read-models';
import type { SearchProjector } from '../projections/search/search.projector';
import { WriteBuffers } from '../projections/write-buffers';

/** Log entries read at a time: memory stays flat whatever the log's length. */
const BATCH = 500;
/** Partitions replayed side by side: reading the log is bound by the store's round trips, not by this process. */
const SIDE_BY_SIDE = 4;

export interface RebuildProgress {
  phase: 'replay' | 'catch-up' | 'search' | 'done';
  events: number;
  total: number;
}

export interface RebuildDeps {
  db: Db;
  readModels: ReadModels;
  projectors: Projector[];
  search: SearchProjector;
  /** Tells API processes to look up the read models' collections again (best effort: they also poll). */
  announce(change: ReadModelChange): Promise<unknown>;
}

export interface RebuildResult {
  events: number;
  /** The new collection of each rebuilt read model. */
  collections: Record<string, string>;
  /** The collections they replaced: drop them (dropAll) once readers have had time to move. */
  replaced: string[];
}

/**
 * Rebuilds read models while the site runs: the projectors named (all with read models when none is) apply the whole
 * log, a few partitions side by side and a batch at a time (through WriteBuffers), into new collections; live
 * projection goes on meanwhile into the old ones. Then, with
 * every partition's lock held (live consumers wait a moment), the new collections catch up to the head, take over the
 * projectors' checkpoints (their parked events were applied again by the replay), and the read models point at them in
 * one write each. A rebuild that fails leaves the live read models as they were, and drops what it built.
 */
export async function rebuildProjections(deps: RebuildDeps, names: string[], onProgress: (progress: RebuildProgress) => void): Promise<RebuildResult> {
  const rebuilt = deps.projectors.filter((p) => p.owns?.length && (names.length === 0 || names.includes(p.name)));
  const unknown = names.filter((name) => !deps.projectors.some((p) => p.name === name && p.owns?.length));
  if (unknown.length > 0) throw new Error(`no projector with read models is named ${unknown.join(', ')}`);
  const suffix = `__${Date.now().toString(36)}`;
  const targets = new Map(rebuilt.flatMap((p) => p.owns!.map((readModel) => [readModel, `${readModel}${suffix}`] as const)));
  const reader = new LogReader(deps.db);
  const positions = new Array<number>(PARTITION_COUNT).fill(0);
  let events = 0;
  const total = (await Promise.all(positions.map((_, partition) => reader.head(partition)))).reduce((sum, head) => sum + head, 0);

  const buffers = new WriteBuffers(deps.db, targets, { fresh: true });

  const replay = async (partition: number, phase: RebuildProgress['phase']) => {
    for (;;) {
      const entries = await reader.read(partition, positions[partition], BATCH);
      if (entries.length === 0) return;
      await deps.readModels.into(buffers, async () => {
        for (const { event } of entries) {
          if (!event) continue;
          for (const projector of rebuilt) if (projector.handles.includes(event.type)) await projector.apply(event);
        }
      }, { rebuilding: true });
      await buffers.settle();
      positions[partition] = entries.at(-1)!.seq;
      events += entries.length;
      onProgress({ phase, events, total });
    }
  };

  try {
    const queue = Array.from({ length: PARTITION_COUNT }, (_, partition) => partition);
    const lane = async () => {
      for (let partition = queue.shift(); partition !== undefined; partition = queue.shift()) await replay(partition, 'replay');
    };
    await Promise.all(Array.from({ length: SIDE_BY_SIDE }, lane));
    await buffers.flush();
    await deps.readModels.refresh();
    const replaced = new Map([...targets.keys()].map((readModel) => [readModel, deps.readModels.physical(readModel)]));
    await withEveryPartition(deps.db, async () => {
      for (let partition = 0; partition < PARTITION_COUNT; partition++) await replay(partition, 'catch-up');
      await buffers.flush();
      const checkpoints = new Checkpoints(deps.db);
      const parked = new ParkedEvents(deps.db);
      for (const doc of await parked.list()) if (rebuilt.some((p) => p.name === doc.projector)) await parked.remove(doc._id);
      for (const projector of rebuilt) {
        for (let partition = 0; partition < PARTITION_COUNT; partition++) {
          await checkpoints.save({ ...(await checkpoints.load(projector.name, partition)), position: positions[partition], parkedStreams: [] });
        }
      }
      for (const [readModel, collection] of targets) {
        await deps.readModels.versions.replaceOne({ _id: readModel }, { collection, rebuiltAt: new Date() }, { upsert: true });
      }
      await deps.readModels.refresh();
    });
    await deps.announce({ eventType: READ_MODELS_REBUILT, streamId: '*' });
    if (rebuilt.some((p) => deps.search.after.includes(p.name))) {
      await deps.search.reindex((books) => onProgress({ phase: 'search', events: books, total: books }));
    }
    onProgress({ phase: 'done', events, total });
    return { events, collections: Object.fromEntries(targets), replaced: [...replaced.values()] };
  } catch (error) {
    await dropAll(deps.db, [...targets.values()]).catch(() => undefined);
    throw error;
  }
}

/** Drops collections, one by one (a drop is not limited by the store's size limits, as a delete of every document is). */
export async function dropAll(db: Db, names: string[]): Promise<void> {
  for (const name of names) await db.dropCollection(name).catch(() => undefined);
}

/** Runs `work` holding every partition's lock, taken in order, so no live consumer writes meanwhile. */
async function withEveryPartition(db: Db, work: () => Promise<void>): Promise<void> {
  const locks = new StoreLocks(db.collection<LockDocument>(ProjectionCollection.Locks) as Collection<LockDocument>);
  const held: string[] = [];
  const renew = setInterval(() => held.forEach((id) => void locks.renew(id, PARTITION_LEASE_MS).catch(() => undefined)), PARTITION_LEASE_MS / 3);
  try {
    for (let partition = 0; partition < PARTITION_COUNT; partition++) {
      const id = partitionLock(partition);
      while (!(await locks.tryAcquire(id, PARTITION_LEASE_MS))) await new Promise((resolve) => setTimeout(resolve, 20));
      held.push(id);
    }
    await work();
  } finally {
    clearInterval(renew);
    for (const id of held) await locks.release(id).catch(() => undefined);
  }
}
