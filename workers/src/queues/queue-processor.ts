import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { type BeforeApplicationShutdown, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';

/** Worker errors are reported at most this often: a Redis that is away fails every reconnect attempt. */
const WARN_EVERY_MS = 60_000;
/** At shutdown, a Redis that has not answered by then counts as away. */
const REDIS_ANSWER_MS = 500;

/**
 * A BullMQ processor (`@Processor` classes extend it and implement `handle`) that outlives Redis: its worker
 * reconnects by itself, and what the queue would have delivered meanwhile is found in the store (the log's sweep, the
 * mail outbox). Its worker's errors (mostly of its Redis connections) are logged, once a minute at most, and never
 * crash the process.
 */
export abstract class QueueProcessor<Data = unknown> extends WorkerHost implements BeforeApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private lastWorkerWarning = 0;
  /** The jobs this process is working on. */
  private readonly underWay = new Set<Promise<unknown>>();

  /** Does a job's work. */
  protected abstract handle(job: Job<Data>): Promise<unknown>;

  override process(job: Job<Data>): Promise<unknown> {
    const work = this.handle(job);
    this.underWay.add(work);
    const done = () => this.underWay.delete(work);
    work.then(done, done);
    return work;
  }

  @OnWorkerEvent('error')
  workerError(error: Error): void {
    if (Date.now() - this.lastWorkerWarning < WARN_EVERY_MS) return;
    this.lastWorkerWarning = Date.now();
    this.logger.warn(`worker of the ${this.worker.name} queue: ${error.message} (it carries on)`);
  }

  /**
   * Stops taking jobs and waits for those under way, while the store is still open (BullModule would close the worker
   * only after the store). BullMQ's graceful close waits for Redis to end its connections, which never happens while
   * Redis is away: the worker is then closed by force (nothing could be recorded in Redis anyway), and the jobs under
   * way are waited for here.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close(!(await this.redisAnswers()));
    await Promise.allSettled(this.underWay);
  }

  /** Whether the worker's Redis answers a round trip (CLIENT INFO) in time. */
  private redisAnswers(): Promise<boolean> {
    const roundTrip = this.worker.getBackend().client.then((client) => client.clientInfo());
    return Promise.race([
      roundTrip.then(() => true, () => false),
      new Promise<boolean>((resolve) => setTimeout(resolve, REDIS_ANSWER_MS, false).unref()),
    ]);
  }
}
