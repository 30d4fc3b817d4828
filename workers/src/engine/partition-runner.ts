import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type AnyDomainEvent, type CheckpointDocument, partitionId, ProjectionCollection } from '@shelf/contracts';
import type { Connection } from 'mongoose';
import { isOutage } from '../log/is-outage';
import { type LogEntry, LogReader } from '../log/log-reader';
import { PartitionCommits } from './batch-commits';
import { type Held as HeldLease, type Lease, type LeaseDocument, LeaseLost, Leases } from './leases';
import { ParkedEvents } from './parked-events';
import { ProjectionSignals } from './projection-signals';
import { type LogPlace, PROJECTORS, type Projector } from './projector';
import { BatchEffects, BatchEffectsDelivery } from './batch-effects';
import { type BatchModels, ReadModels } from './read-models';
import { WriteBuffers } from './write-buffers';

/**
 * Log entries read and applied per round at most; a round is committed once (with the checkpoints), and a round that stops before its commit is applied again (each read model remembers what it applied:
 * see Projector.owns).
 */
export const LOG_BATCH = 100;
/** A consumer renews its partition's lease every round; killed or frozen, it holds the partition up for at most this long. */
export const PARTITION_LEASE_MS = 15_000;
/**
 * A consumer keeps its partition (its lease, checkpoints and write buffers in memory) this long after a run, so that
 * wake-ups under load cost no lease writes, and for as long as runs keep coming, unless someone wants the lease (a
 * rebuild's last pass, an operator's retry of a parked event: Leases.want), which its next renewal tells. What it held
 * stays in memory: taken again with no holding between, it needs no checkpoint reads and no reads of documents it
 * wrote (see Remembered).
 */
const IDLE_HOLD_MS = 2000;
/**
 * How long a refused try counts as "held elsewhere" at most (sweeps skip the partition, wake-ups only poke): a holder
 * that lets go, a rebuild's last pass among them, is tried again this soon, not when its lease would have run out.
 */
const ELSEWHERE_TRUST_MS = 2000;
/** Documents a held partition's write buffer keeps per projector between batches (WriteBuffers). */
const HELD_DOCUMENTS = 4000;
/** Tries of one event by one projector, with doubling pauses from 40 ms, before it is parked. */
const ATTEMPTS = 5;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A partition this consumer holds: its lease, its batches' commits (with every projector's checkpoint) and the write
 * buffers of the documents only it changes (it is their only writer meanwhile, so what the buffers hold is what the
 * store holds, unless another holder commits: then its next commit fails and it starts afresh).
 */
interface Held {
  lease: Lease;
  commits: PartitionCommits;
  checkpoints: Map<string, CheckpointDocument>;
  buffers: Map<string, WriteBuffers>;
  renewed: number;
  /** Someone waits for the lease (its last renewal said so): let go after this run. */
  wanted: boolean;
  release?: NodeJS.Timeout;
}

/**
 * What a consumer held when it let a partition go in good order: still what the store holds if nobody has committed a
 * batch of the partition since (every write of a partition's documents, by a consumer, an operator's retry of a parked
 * event or a rebuild's swap, is a commit: PartitionCommits.superseded).
 */
interface Remembered {
  /** The collections the read models lived in (ReadModels.physical), which only a rebuild's swap changes. */
  collections: string;
  commits: PartitionCommits;
  buffers: Map<string, WriteBuffers>;
}
const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(0, 2000);

/**
 * Projects one partition of the log: the one place where events meet projectors (docs/architecture.md, "The worker
 * tier"). The partition's lease decides which consumer works on it; what makes the result right whatever the clocks do
 * is that each batch is committed by one insert before any read model is written (PartitionCommits). Each projector
 * goes from its own checkpoint, projectors that read another's read model after it. A round reads a batch, each
 * projector applies it into its write buffers (those of a stage side by side; a prefetch first reads the documents
 * they name), the batch's changes and checkpoints are committed and written (data before marks), and then the work deferred after the writes, the e-mails and pushes the projectors
 * queued are carried out. An event a projector fails on every retry is parked with the rest of its stream; an outage of
 * the store, Redis or the search engine stops the round instead, to be tried again; a consumer that finds its batch
 * number taken (or its lease) stops and forgets what it held.
 */
@Injectable()
export class PartitionRunner {
  private readonly logger = new Logger(PartitionRunner.name);
  private readonly db;
  private readonly reader;
  private readonly leases;
  readonly parked;
  private readonly stages: Projector[][];
  private readonly held = new Map<number, Held>();
  private readonly remembered = new Map<number, Remembered>();
  /**
   * Partitions another consumer held at this one's last try: that holding's epoch, and until when it counts as held
   * elsewhere (ELSEWHERE_TRUST_MS after the try, at most), after which the next try first reads that holding's claim.
   */
  private readonly elsewhere = new Map<number, { epoch: number; trusted: number }>();

  constructor(
    @InjectConnection() connection: Connection,
    @Inject(PROJECTORS) private readonly projectors: Projector[],
    private readonly signals: ProjectionSignals,
    private readonly readModels: ReadModels,
    private readonly effects: BatchEffectsDelivery,
  ) {
    this.db = connection.db!;
    this.reader = new LogReader(this.db);
    this.leases = new Leases(this.db.collection<LeaseDocument>(ProjectionCollection.Locks));
    this.parked = new ParkedEvents(this.db);
    this.stages = [projectors.filter((p) => !p.after?.length), projectors.filter((p) => p.after?.length)].filter((stage) => stage.length > 0);
  }

  /**
   * Projects the partition to the end of its log; resolves with the entries read, or null when another consumer holds
   * it. `head`: the partition's head if the caller has just read it (the first batch then reads it no more).
   */
  async run(partition: number, head?: number): Promise<number | null> {
    const held = await this.hold(partition);
    if (!held) return null;
    const { checkpoints } = held;
    let read = 0;
    try {
      for (;;) {
        // Who works: a consumer frozen past its lease finds out here (whether its work counts is its commits' business).
        if (Date.now() - held.renewed > PARTITION_LEASE_MS / 3) await this.renew(held);
        const from = Math.min(...[...checkpoints.values()].map((checkpoint) => checkpoint.position));
        // Up to a hole still young (an append under way): the consumer comes back for the rest (docs/architecture.md, "Holes").
        const { entries, waiting } = await this.reader.readBatch(partition, from, LOG_BATCH, read === 0 ? head : undefined);
        if (entries.length === 0) break;
        await this.projectBatch(partition, held, entries);
        read += entries.length;
        this.signals.projected(entries);
        // Fewer than asked and not waiting: the batch met the partition's end (readBatch looks one place past the head),
        // so reading again would find nothing new; what is appended next wakes the partition again.
        if (waiting || entries.length < LOG_BATCH) break;
      }
    } catch (error) {
      // The checkpoints in memory may be ahead of the store's: let go of the partition, to start afresh from the store.
      await this.letGo(partition, { forget: true });
      if (error instanceof LeaseLost) {
        this.logger.warn(`partition ${partition}: ${error.message}; stopped, its new holder goes on`);
        return null;
      }
      throw error;
    }
    if (held.wanted) await this.letGo(partition);
    else held.release = setTimeout(() => void this.letGo(partition).catch(() => undefined), IDLE_HOLD_MS);
    return read;
  }

  /** The partition's lease and checkpoints: kept from the last run, or taken now (null: another consumer holds it). */
  private async hold(partition: number): Promise<Held | null> {
    const kept = this.held.get(partition);
    if (kept) {
      clearTimeout(kept.release);
      return kept;
    }
    const now = Date.now();
    const refused = ({ epoch, until, mine }: HeldLease) => {
      if (!mine) this.elsewhere.set(partition, { epoch, trusted: Math.min(until.getTime(), Date.now() + ELSEWHERE_TRUST_MS) });
    };
    // Held elsewhere at the last try: one read of that holding's claim tells whether it still holds (a full try reads 4).
    const known = this.elsewhere.get(partition);
    const still = known && (await this.leases.stillHeld(partitionLease(partition), known.epoch));
    if (still) {
      refused(still);
      return null;
    }
    const lease = await this.leases.tryAcquire(partitionLease(partition), PARTITION_LEASE_MS, refused);
    if (!lease) return null;
    this.elsewhere.delete(partition);
    const remembered = this.remembered.get(partition);
    this.remembered.delete(partition);
    try {
      // A rebuild swaps read models only while it holds every partition's lease: look them up once per hold.
      await this.readModels.refresh();
      let commits: PartitionCommits;
      let buffers: Map<string, WriteBuffers>;
      if (remembered && remembered.collections === this.collections() && !(await remembered.commits.superseded())) {
        ({ commits, buffers } = remembered);
      } else {
        commits = await PartitionCommits.open(this.db, partition, this.projectorNames());
        buffers = new Map(this.projectors.map((projector) => [projector.name, this.buffersOf(projector, commits, HELD_DOCUMENTS)]));
      }
      const held: Held = { lease, commits, checkpoints: commits.checkpoints, buffers, renewed: now, wanted: false };
      this.held.set(partition, held);
      return held;
    } catch (error) {
      await this.leases.release(lease).catch(() => undefined);
      throw error;
    }
  }

  private async renew(held: Held): Promise<void> {
    const now = Date.now();
    ({ wanted: held.wanted } = await this.leases.renew(held.lease, PARTITION_LEASE_MS));
    held.renewed = now;
  }

  /** `forget`: what it held may be ahead of the store (a failed run), so the next holding starts from the store. */
  private async letGo(partition: number, { forget = false } = {}): Promise<void> {
    const held = this.held.get(partition);
    if (!held) return;
    clearTimeout(held.release);
    this.held.delete(partition);
    if (!forget) this.remembered.set(partition, { collections: this.collections(), commits: held.commits, buffers: held.buffers });
    await this.leases.release(held.lease).catch(() => undefined);
  }

  /** Whether another consumer held the partition at this one's last try, lately (ELSEWHERE_TRUST_MS). */
  heldElsewhere(partition: number): boolean {
    return (this.elsewhere.get(partition)?.trusted ?? 0) > Date.now();
  }

  /** Whether this process holds the partition now (between runs too). */
  holds(partition: number): boolean {
    return this.held.has(partition);
  }

  /** Lets go of every partition held (at shutdown). */
  async letGoAll(): Promise<void> {
    await Promise.all([...this.held.keys()].map((partition) => this.letGo(partition)));
  }

  /**
   * Applies a batch with every projector, each into its write buffers: a stage's side by side, those that read another's
   * read models after it, up to where it reached; then commits what those that succeeded changed with their moved
   * checkpoints in one commit (one projector never re-runs another), writes it (a stage's documents before the next
   * one's), does the work deferred after the writes and carries out their e-mails and pushes, stage by stage. Throws
   * what a projector failed with, after that.
   */
  private async projectBatch(partition: number, held: Held, entries: LogEntry[]): Promise<void> {
    const reached = new Map([...held.checkpoints].map(([name, checkpoint]) => [name, checkpoint.position]));
    const applied: { projector: Projector; position: number; effects: BatchEffects }[] = [];
    let failure: PromiseRejectedResult | undefined;
    for (const stage of this.stages) {
      const results = await Promise.allSettled(stage.map((projector) => this.project(projector, partition, held, entries, reached)));
      stage.forEach((projector, i) => {
        const result = results[i];
        if (result.status === 'rejected') return void (failure ??= result);
        applied.push({ projector, ...result.value });
        reached.set(projector.name, result.value.position);
      });
    }
    const moved = new Map([...held.checkpoints].map(([name, checkpoint]) => [name, { ...checkpoint, position: reached.get(name)! }]));
    const writes = applied.flatMap(({ projector }) => held.buffers.get(projector.name)!.changes());
    if ([...held.checkpoints].some(([name, checkpoint]) => checkpoint.position !== reached.get(name)) || writes.length > 0) {
      await held.commits.commit(writes, moved.values());
    }
    for (const { projector, position } of applied) held.checkpoints.get(projector.name)!.position = position;
    for (const { projector, effects } of applied) {
      await held.buffers.get(projector.name)!.afterWrites();
      await this.effects.carryOut(effects);
    }
    if (failure) throw failure.reason;
  }

  /**
   * Applies a batch with one projector into its write buffers, never past where the projectors it comes `after` have
   * `reached`: resolves with the position it reached and what it queued.
   */
  private async project(
    projector: Projector,
    partition: number,
    held: Held,
    entries: LogEntry[],
    reached: ReadonlyMap<string, number>,
  ): Promise<{ position: number; effects: BatchEffects }> {
    const checkpoint = held.checkpoints.get(projector.name)!;
    const limit = Math.min(...(projector.after ?? []).map((name) => reached.get(name) ?? 0));
    const effects = new BatchEffects();
    const buffers = held.buffers.get(projector.name)!;
    const models = this.readModels.batch(buffers, { rebuilding: false });
    let position = checkpoint.position;
    if (projector.prefetch) {
      const applies = (entry: LogEntry) => entry.seq > position && entry.seq <= limit && entry.event && projector.handles.includes(entry.event.type);
      await buffers.prefetch(entries.flatMap((entry) => (applies(entry) ? [...projector.prefetch!(entry.event!)] : [])));
    }
    for (const { seq, event } of entries) {
      if (seq <= position) continue;
      if (seq > limit) break;
      if (event && projector.handles.includes(event.type)) await this.applyOne(projector, checkpoint, { partition, seq }, event, models, effects);
      position = seq;
    }
    return { position, effects };
  }

  private async applyOne(
    projector: Projector,
    checkpoint: CheckpointDocument,
    place: LogPlace,
    event: AnyDomainEvent,
    models: BatchModels,
    effects: BatchEffects,
  ): Promise<void> {
    if (checkpoint.parkedStreams.includes(event.streamId)) {
      await this.park(projector, checkpoint, place.seq, event, 'an earlier event of its stream is parked', 0);
      return;
    }
    for (let attempt = 1; ; attempt++) {
      const queued = new BatchEffects();
      try {
        await projector.apply(event, { place, push: queued.push, mail: queued.mail, models });
        effects.take(queued);
        return;
      } catch (error) {
        if (isOutage(error) || error instanceof LeaseLost) throw error;
        if (attempt === ATTEMPTS) return this.park(projector, checkpoint, place.seq, event, describe(error), attempt);
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
   * Applies a parked event again, with every parked event of its stream before and after it, in version order, into
   * the read models' current collections (a rebuild may have replaced them since it was parked); the stream then flows
   * again. Throws (leaving them parked) when one still fails.
   */
  async retryParked(id: string): Promise<'applied' | 'missing'> {
    const parked = await this.parked.find(id);
    if (!parked) return 'missing';
    const projector = this.projectorNamed(parked.projector);
    await this.leases.withLease(partitionLease(parked.partition), PARTITION_LEASE_MS, async () => {
      await this.readModels.refresh();
      const commits = await PartitionCommits.open(this.db, parked.partition, this.projectorNames());
      for (const doc of await this.parked.ofStream(parked.projector, parked.streamId)) {
        const event = await this.parked.eventOf(doc);
        const buffers = this.buffersOf(projector, commits);
        const effects = new BatchEffects();
        if (event) await projector.apply(event, { place: null, push: effects.push, mail: effects.mail, models: this.readModels.batch(buffers, { rebuilding: false }) });
        await buffers.flush();
        await this.effects.carryOut(effects);
        await this.parked.remove(doc._id);
      }
      await this.release(commits, parked.projector, parked.streamId);
    });
    return 'applied';
  }

  /** Gives up on a parked event; when none of its stream is left parked, the stream's later events flow again. */
  async skipParked(id: string): Promise<'skipped' | 'missing'> {
    const parked = await this.parked.find(id);
    if (!parked) return 'missing';
    await this.leases.withLease(partitionLease(parked.partition), PARTITION_LEASE_MS, async () => {
      await this.parked.remove(id);
      if ((await this.parked.ofStream(parked.projector, parked.streamId)).length > 0) return;
      await this.release(await PartitionCommits.open(this.db, parked.partition, this.projectorNames()), parked.projector, parked.streamId);
    });
    return 'skipped';
  }

  /** Lets a parked stream's later events flow again: its projector's checkpoint no longer lists it, committed. */
  private async release(commits: PartitionCommits, projector: string, streamId: string): Promise<void> {
    const checkpoint = commits.checkpoints.get(projector)!;
    checkpoint.parkedStreams = checkpoint.parkedStreams.filter((stream) => stream !== streamId);
    await commits.commit([], commits.checkpoints.values());
  }

  /** The collections every projector's read models live in now, as one string. */
  private collections(): string {
    return this.projectors.flatMap((projector) => (projector.owns ?? []).map((readModel) => this.readModels.physical(readModel))).join(' ');
  }

  /** Write buffers of the projector's read models, whose flushes are commits of the partition with its checkpoints as they stand. */
  private buffersOf(projector: Projector, commits: PartitionCommits, maxCached?: number): WriteBuffers {
    const owned = projector.owns ?? [];
    const commit = (writes: Parameters<PartitionCommits['commit']>[0]) => commits.commit(writes, commits.checkpoints.values());
    return new WriteBuffers(this.readModels.db, new Map(owned.map((readModel) => [readModel, this.readModels.physical(readModel)])), { commit, maxCached });
  }

  private projectorNames(): string[] {
    return this.projectors.map((projector) => projector.name);
  }

  private projectorNamed(name: string): Projector {
    const projector = this.projectors.find((p) => p.name === name);
    if (!projector) throw new Error(`no projector is named ${name}`);
    return projector;
  }
}

/** The lease of one partition's consumer; a rebuild takes them all to swap read models. */
export const partitionLease = (partition: number) => `partition:${partitionId(partition)}`;
