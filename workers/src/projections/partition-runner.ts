import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type AnyDomainEvent, type CheckpointDocument, partitionId, ProjectionCollection } from '@shelf/contracts';
import type { Connection } from 'mongoose';
import { isOutage } from '../log/is-outage';
import { type LogEntry, LogReader } from '../log/log-reader';
import { type LockDocument, StoreLocks } from '../log/store-locks';
import { Checkpoints } from './checkpoints';
import { ParkedEvents } from './parked-events';
import { ProjectionSignals } from './projection-signals';
import { PROJECTORS, type Projector } from './projector';
import { ReadModels } from './read-models';
import { WriteBuffers } from './write-buffers';

/**
 * Log entries read and applied per round; the checkpoints are written once per round, so a crash in a round applies
 * it again: fewer than the event ids a read model remembers (APPLIED_MEMORY).
 */
export const LOG_BATCH = 100;
/** A consumer renews its partition lock every round; killed, it holds the partition up for at most this long. */
export const PARTITION_LEASE_MS = 15_000;
/**
 * A consumer keeps its partition (and its checkpoints in memory) this long after a run, so that back-to-back wake-ups
 * under load cost no lock writes and no checkpoint reads; it lets go after a run once it has held it this long.
 */
const IDLE_HOLD_MS = 300;
const MAX_HOLD_MS = PARTITION_LEASE_MS / 3;
/** Tries of one event by one projector, with doubling pauses from 40 ms, before it is parked. */
const ATTEMPTS = 5;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A partition this consumer holds: its projectors' checkpoints (it is their only writer meanwhile) and its lease. */
interface Held {
  checkpoints: Map<string, CheckpointDocument>;
  since: number;
  renewed: number;
  release?: NodeJS.Timeout;
}
const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(0, 2000);

/**
 * Projects one partition of the log: the one place where events meet projectors. One consumer per partition at a
 * time (a lock in the store), each projector from its own checkpoint, projectors that read another's read model after
 * it. An event a projector fails on every retry is parked with the rest of its stream; an outage of the store, Redis
 * or the search engine stops the round instead, to be tried again.
 */
@Injectable()
export class PartitionRunner {
  private readonly db;
  private readonly reader;
  private readonly locks;
  private readonly checkpoints;
  readonly parked;
  private readonly stages: Projector[][];
  private readonly held = new Map<number, Held>();

  constructor(
    @InjectConnection() connection: Connection,
    @Inject(PROJECTORS) private readonly projectors: Projector[],
    private readonly signals: ProjectionSignals,
    private readonly readModels: ReadModels,
  ) {
    this.db = connection.db!;
    this.reader = new LogReader(this.db);
    this.locks = new StoreLocks(this.db.collection<LockDocument>(ProjectionCollection.Locks));
    this.checkpoints = new Checkpoints(this.db);
    this.parked = new ParkedEvents(this.db);
    this.stages = [projectors.filter((p) => !p.after?.length), projectors.filter((p) => p.after?.length)].filter((stage) => stage.length > 0);
  }

  /** Projects the partition to the end of its log; resolves with the entries read, or null when another consumer holds it. */
  async run(partition: number): Promise<number | null> {
    const held = await this.hold(partition);
    if (!held) return null;
    const { checkpoints } = held;
    let read = 0;
    try {
      for (;;) {
        const from = Math.min(...[...checkpoints.values()].map((checkpoint) => checkpoint.position));
        const entries = await this.reader.read(partition, from, LOG_BATCH);
        if (entries.length === 0) break;
        const before = new Map([...checkpoints].map(([name, checkpoint]) => [name, checkpoint.position]));
        try {
          for (const stage of this.stages) {
            const results = await Promise.allSettled(stage.map((projector) => this.project(projector, partition, checkpoints, entries)));
            const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
            if (failed) throw failed.reason;
          }
        } finally {
          // What each projector applied (and flushed) is recorded even when another failed: one never re-runs another.
          await this.checkpoints.saveAll([...checkpoints.values()].filter((checkpoint) => checkpoint.position !== before.get(checkpoint.projector)));
        }
        read += entries.length;
        this.signals.projected(entries);
        if (Date.now() - held.renewed > PARTITION_LEASE_MS / 3) await this.renew(partition, held);
      }
    } catch (error) {
      // The checkpoints in memory may be ahead of the store's: let go of the partition, to start afresh from the store.
      await this.letGo(partition);
      throw error;
    }
    if (Date.now() - held.since > MAX_HOLD_MS) await this.letGo(partition);
    else held.release = setTimeout(() => void this.letGo(partition).catch(() => undefined), IDLE_HOLD_MS);
    return read;
  }

  /** The partition's lock and checkpoints: kept from the last run, or taken now (null: another consumer holds it). */
  private async hold(partition: number): Promise<Held | null> {
    const kept = this.held.get(partition);
    if (kept) {
      clearTimeout(kept.release);
      return kept;
    }
    const now = Date.now();
    if (!(await this.locks.tryAcquire(partitionLock(partition), PARTITION_LEASE_MS))) return null;
    try {
      // A rebuild swaps read models only while it holds every partition's lock: look them up once per hold.
      await this.readModels.refresh();
      const checkpoints = new Map(await Promise.all(this.projectors.map(async (p) => [p.name, await this.checkpoints.load(p.name, partition)] as const)));
      const held: Held = { checkpoints, since: now, renewed: now };
      this.held.set(partition, held);
      return held;
    } catch (error) {
      await this.locks.release(partitionLock(partition)).catch(() => undefined);
      throw error;
    }
  }

  private async renew(partition: number, held: Held): Promise<void> {
    const now = Date.now();
    await this.locks.renew(partitionLock(partition), PARTITION_LEASE_MS);
    held.renewed = now;
  }

  private async letGo(partition: number): Promise<void> {
    const held = this.held.get(partition);
    if (!held) return;
    clearTimeout(held.release);
    this.held.delete(partition);
    await this.locks.release(partitionLock(partition)).catch(() => undefined);
  }

  /** Lets go of every partition held (at shutdown). */
  async letGoAll(): Promise<void> {
    await Promise.all([...this.held.keys()].map((partition) => this.letGo(partition)));
  }

  private async project(projector: Projector, partition: number, checkpoints: Map<string, CheckpointDocument>, entries: LogEntry[]): Promise<void> {
    const checkpoint = checkpoints.get(projector.name)!;
    const limit = Math.min(...(projector.after ?? []).map((name) => checkpoints.get(name)?.position ?? 0));
    // The batch's writes to documents only this partition changes are made once, before the checkpoint moves.
    const owned = (projector.owns ?? []).filter((readModel) => !projector.shared?.includes(readModel));
    const buffers = new WriteBuffers(this.readModels.db, new Map(owned.map((readModel) => [readModel, this.readModels.physical(readModel)])));
    let position = checkpoint.position;
    await this.readModels.into(
      buffers,
      async () => {
        for (const { seq, event } of entries) {
          if (seq <= position) continue;
          if (seq > limit) break;
          if (event && projector.handles.includes(event.type)) await this.applyOne(projector, checkpoint, seq, event);
          position = seq;
        }
      },
      { rebuilding: false },
    );
    await buffers.flush();
    // Moved only once what it covers is written.
    checkpoint.position = position;
  }

  private async applyOne(projector: Projector, checkpoint: CheckpointDocument, seq: number, event: AnyDomainEvent): Promise<void> {
    if (checkpoint.parkedStreams.includes(event.streamId)) {
      await this.park(projector, checkpoint, seq, event, 'an earlier event of its stream is parked', 0);
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await projector.apply(event);
        return;
      } catch (error) {
        if (isOutage(error)) throw error;
        if (attempt === ATTEMPTS) return this.park(projector, checkpoint, seq, event, describe(error), attempt);
        await pause(20 * 2 ** attempt);
      }
    }
  }

  private async park(projector: Projector, checkpoint: CheckpointDocument, seq: number, event: AnyDomainEvent, error: string, attempts: number): Promise<void> {
    const doc = await this.parked.park(projector.name, checkpoint.partition, seq, event, error, attempts);
    if (!checkpoint.parkedStreams.includes(event.streamId)) checkpoint.parkedStreams.push(event.streamId);
    this.signals.parked(doc);
  }

  /**
   * Applies a parked event again, with every parked event of its stream before and after it, in version order; the
   * stream then flows again. Throws (leaving them parked) when one still fails.
   */
  async retryParked(id: string): Promise<'applied' | 'missing'> {
    const parked = await this.parked.find(id);
    if (!parked) return 'missing';
    const projector = this.projectorNamed(parked.projector);
    await this.locks.withLock(partitionLock(parked.partition), PARTITION_LEASE_MS, async () => {
      for (const doc of await this.parked.ofStream(parked.projector, parked.streamId)) {
        const event = await this.parked.eventOf(doc);
        if (event) await projector.apply(event);
        await this.parked.remove(doc._id);
      }
      await this.release(parked.projector, parked.partition, parked.streamId);
    });
    return 'applied';
  }

  /** Gives up on a parked event; when none of its stream is left parked, the stream's later events flow again. */
  async skipParked(id: string): Promise<'skipped' | 'missing'> {
    const parked = await this.parked.find(id);
    if (!parked) return 'missing';
    await this.locks.withLock(partitionLock(parked.partition), PARTITION_LEASE_MS, async () => {
      await this.parked.remove(id);
      if ((await this.parked.ofStream(parked.projector, parked.streamId)).length === 0) await this.release(parked.projector, parked.partition, parked.streamId);
    });
    return 'skipped';
  }

  private async release(projector: string, partition: number, streamId: string): Promise<void> {
    const checkpoint = await this.checkpoints.load(projector, partition);
    checkpoint.parkedStreams = checkpoint.parkedStreams.filter((stream) => stream !== streamId);
    await this.checkpoints.save(checkpoint);
  }

  private projectorNamed(name: string): Projector {
    const projector = this.projectors.find((p) => p.name === name);
    if (!projector) throw new Error(`no projector is named ${name}`);
    return projector;
  }
}

/** The lock of one partition's consumer; a rebuild takes them all to swap read models. */
export const partitionLock = (partition: number) => `partition:${partitionId(partition)}`;
