import { type AnyDomainEvent, PARTITION_COUNT, type StoredEventDocument, toDomainEvent } from '@shelf/contracts';
import { BSON, type Db } from 'mongodb';
import type { Projector } from '../projector';
import type { BatchModels, ReadModels } from '../read-models';
import { collectGarbage, collectGarbageIfGrown } from './collect-garbage';
import { LogScan } from './log-scan';
import { MemoryReadModels } from './memory-read-models';
import type { RebuildProfile, RebuildProgress } from './rebuild-progress';
import { Spool, type SpooledEntry } from './spool';
import { personalKeysOf } from '../../log/personal-keys-of';

/**
 * Log entries whose documents the rebuild holds in memory while it reads the log: that many entries' worth of
 * partitions (all of a short log) are applied as the log is read, the others spooled and replayed afterwards one at a
 * time. The documents of 10,000 entries take about 7 MB of heap.
 */
const LIVE_ENTRIES = 50_000;
/** Spooled entries applied in one go. */
const REPLAY_CHUNK = 1000;

export interface ReplayLog {
  db: Db;
  readModels: ReadModels;
  /** The projectors rebuilt, and their read models' new collections. */
  projectors: Projector[];
  targets: ReadonlyMap<string, string>;
  /** Applies an event to those of the projectors that handle it (parking what fails). */
  apply(projectors: Projector[], partition: number, seq: number, event: AnyDomainEvent, models: BatchModels): Promise<void>;
  /** Entries in the log (the partitions' heads) when the rebuild began. */
  total: number;
  onProgress(progress: RebuildProgress): void;
}

/** What a replay reached: each partition's last position applied, the entries passed, and what it took. */
export interface Replayed {
  positions: number[];
  events: number;
  profile: Pick<RebuildProfile, 'readMs' | 'replayMs' | 'lookedUp' | 'inserted' | 'replaced' | 'readBack'>;
}

/**
 * Applies the whole log into the new collections, reading it once, in the store's natural order (LogScan). The events
 * of a few partitions (LIVE_ENTRIES) are applied as they are read; the rest of the log is spooled by partition (Spool)
 * and replayed one partition at a time. Everything is applied in memory (MemoryReadModels), and a document is inserted
 * once, in bulk, when its partition is done (events of one partition alone change it). A partition whose scan stopped
 * at a hole ends where it stopped (the catch-up reads on from there).
 */
export async function replayLog(options: ReplayLog): Promise<Replayed> {
  const { readModels, total, onProgress } = options;
  const started = Date.now();
  const memory = new MemoryReadModels(options.db, options.targets);
  const models = readModels.batch(memory.asBuffers(), { rebuilding: true });
  const { projectors } = options;
  const owned = projectors.flatMap((p) => p.owns!);
  const types = new Set<string>(projectors.flatMap((p) => p.handles));
  const live = Math.min(PARTITION_COUNT, Math.floor((PARTITION_COUNT * LIVE_ENTRIES) / Math.max(total, 1)));
  /** Writes the documents held (awaited before the next flush; handled meanwhile). */
  const flushOwned = () => {
    const flushed = memory.flush(owned);
    flushed.catch(() => undefined);
    return flushed;
  };
  const keys = personalKeysOf(options.db);
  await keys.preload();
  const apply = async (projectors: Projector[], partition: number, seq: number, raw: Buffer) =>
    options.apply(projectors, partition, seq, toDomainEvent(await keys.open(BSON.deserialize(raw) as StoredEventDocument)), models);
  const spool = await Spool.create();
  try {
    const scan = new LogScan(options.db);
    const positions = await scan.run(async ({ partition, seq, type, raw }) => {
      if (types.has(type)) {
        if (partition < live) await apply(projectors, partition, seq, raw);
        else await spool.append(partition, seq, raw);
      }
      if (scan.read % REPLAY_CHUNK === 0) {
        collectGarbageIfGrown();
        onProgress({ phase: 'read', events: scan.read, total });
      }
    });
    await spool.save();
    onProgress({ phase: 'read', events: scan.read, total });
    const readMs = Date.now() - started;

    // The live partitions' documents are done with; then the others, a partition at a time, each written while the next
    // one applies.
    let written = flushOwned();
    const spooled = Array.from({ length: PARTITION_COUNT }, (_, partition) => spool.count(partition)).reduce((sum, count) => sum + count, 0);
    let replayed = 0;
    onProgress({ phase: 'replay', events: replayed, total: spooled });
    for (let partition = live; partition < PARTITION_COUNT; partition++) {
      let chunk: SpooledEntry[] = [];
      const applyChunk = async () => {
        const entries = chunk;
        chunk = [];
        for (const { seq, raw } of entries) await apply(projectors, partition, seq, raw);
        replayed += entries.length;
        collectGarbageIfGrown();
        onProgress({ phase: 'replay', events: replayed, total: spooled });
      };
      for await (const entry of spool.read(partition)) {
        chunk.push(entry);
        if (chunk.length >= REPLAY_CHUNK) await applyChunk();
      }
      await applyChunk();
      await written;
      collectGarbage();
      written = flushOwned();
    }
    await written;
    await memory.flush();
    collectGarbage();
    return { positions, events: scan.read, profile: { readMs, replayMs: Date.now() - started - readMs, lookedUp: scan.lookedUp, ...memory.counts } };
  } finally {
    await spool.remove();
  }
}
