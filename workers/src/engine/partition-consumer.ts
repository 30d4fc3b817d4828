import { Processor } from '@nestjs/bullmq';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { PARTITION_COUNT, QueueName, WAKE_PARTITION_JOB, type WakePartitionJob } from '@shelf/contracts';
import { type Job, UnrecoverableError } from 'bullmq';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { isOutage } from '../log/is-outage';
import { LateEvents } from '../log/late-events';
import { LogReader } from '../log/log-reader';
import { QueueProcessor } from '../queues/queue-processor';
import { PartitionPokes } from './partition-pokes';
import { PartitionRunner } from './partition-runner';
import { ShapeUpgrade } from './shape-upgrade';

/** Partitions one process projects at once. */
const CONCURRENCY = 4;
/** How often the log is checked for work that no wake-up announced (Redis away or emptied, a consumer killed). */
export const SWEEP_MS = 1000;

/**
 * Runs the partitions: on a wake-up from the API (the BullMQ events queue, the fast path) and on a sweep of the log's
 * heads (the slow path that needs nothing from Redis). Any number of processes can do this side by side: a wake-up that
 * finds its partition held by another process is passed on to it (PartitionPokes), so that only the holder runs it. A run that
 * stopped at a hole of the log still young (LogReader.waiting) leaves its partition not done, so the next sweep runs it
 * again; each sweep first places again the events stored after their positions were passed over (LateEvents).
 */
@Processor(QueueName.Events, { concurrency: CONCURRENCY })
export class PartitionConsumer extends QueueProcessor<WakePartitionJob> implements OnApplicationBootstrap {
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;
  private stopped = false;
  /** The head each partition was last seen projected to by this process. */
  private readonly done = new Map<number, number>();
  /** Runs under way in this process, by partition. */
  private readonly running = new Map<number, Promise<number | null>>();
  /** By partition, the one run queued after the one under way, which covers every wake-up that came meanwhile. */
  private readonly queued = new Map<number, Promise<number | null>>();
  private readonly reader: LogReader;
  private readonly lateEvents: LateEvents;

  constructor(
    @InjectConnection() connection: Connection,
    private readonly runner: PartitionRunner,
    private readonly pokes: PartitionPokes,
    private readonly shapes: ShapeUpgrade,
  ) {
    super();
    // Run by its holder, or by whoever finds it free (its holder may have let it go since the poke was sent).
    this.pokes.onPoke((partition) => {
      if (!this.stopped && !this.runner.heldElsewhere(partition)) void this.project(partition).catch(() => undefined);
    });
    this.reader = new LogReader(connection.db!);
    this.lateEvents = new LateEvents(connection.db!);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
    void this.sweep();
  }

  private lastWarned = 0;

  /** A failed run is tried again by the next wake-up or sweep; an outage is reported once a minute at most. */
  private report(subject: string, failure: string, error: unknown): void {
    const outage = isOutage(error);
    if (outage && Date.now() - this.lastWarned < 60_000) return;
    if (outage) this.lastWarned = Date.now();
    const message = error instanceof Error ? error.message : String(error);
    this.logger.warn(`${subject}: ${outage ? 'a dependency is away, will try again' : `${failure}, will try again`}: ${message}`);
  }

  /** A wake-up: projects the partition, or passes it on to the process that holds it. */
  protected async handle(job: Job<WakePartitionJob>): Promise<void> {
    if (job.name !== WAKE_PARTITION_JOB) throw new UnrecoverableError(`no handler for job "${job.name}"`);
    const { partition } = job.data;
    if (this.runner.heldElsewhere(partition) || (await this.project(partition)) === null) this.pokes.poke(partition);
  }

  /** Projects a partition; if this process is at it already, once more after that run (one run for all who ask meanwhile). */
  project(partition: number): Promise<number | null> {
    const under = this.running.get(partition);
    if (under) {
      let next = this.queued.get(partition);
      if (!next) {
        const again = () => {
          this.queued.delete(partition);
          return this.project(partition);
        };
        next = under.then(again, again);
        this.queued.set(partition, next);
      }
      return next;
    }
    const run = (async () => {
      await this.shapes.checked;
      const head = await this.reader.head(partition);
      const read = await this.runner.run(partition, head);
      // Stopped at a young hole: not done, whatever the head, so the next sweep comes back for it.
      if (read !== null && this.reader.waiting(partition)) this.done.delete(partition);
      else if (read !== null) this.done.set(partition, head);
      return read;
    })()
      .catch((error: unknown) => {
        this.report(`partition ${partition}`, 'projection failed', error);
        throw error;
      })
      .finally(() => this.running.delete(partition));
    this.running.set(partition, run);
    return run;
  }

  /** Runs every partition whose head moved past what this process last saw projected; never twice at once. */
  sweep(): Promise<void> {
    this.sweeping ??= this.sweepOnce()
      .catch(() => undefined) // reported by `project`, or an outage reading the heads: the next sweep tries again
      .finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    // Late events first: the heads read next then include their new positions.
    await this.lateEvents.placeStored().catch((error: unknown) => this.report('late events', 'placing them again failed', error));
    // A partition another process holds is its holder's to run (it is woken by pokes) until that holding runs out: its
    // head is not even read.
    const mine = Array.from({ length: PARTITION_COUNT }, (_, partition) => partition).filter(
      (partition) => !this.running.has(partition) && !this.runner.heldElsewhere(partition),
    );
    const heads = await Promise.all(mine.map((partition) => this.reader.head(partition)));
    const behind = mine.filter((partition, i) => heads[i] > (this.done.get(partition) ?? -1));
    for (let i = 0; i < behind.length && !this.stopped; i += CONCURRENCY) {
      await Promise.allSettled(behind.slice(i, i + CONCURRENCY).map((partition) => this.project(partition)));
    }
  }

  override async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await super.beforeApplicationShutdown();
    await this.sweeping;
    await Promise.allSettled(this.running.values());
    await this.runner.letGoAll();
  }
}
