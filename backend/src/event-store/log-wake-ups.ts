import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { QueueName, WAKE_PARTITION_JOB, type WakePartitionJob, wakePartitionJobOptions } from '@shelf/contracts';
import { Queue } from 'bullmq';

/**
 * Tells the workers that a partition of the log has new events: the fast path of delivery. It never holds up an
 * append — the events are in the store already, and the workers' periodic sweep finds whatever a lost wake-up missed
 * (Redis away, restarted empty) — so it is fire-and-forget, with at most one wake-up per partition under way.
 */
@Injectable()
export class LogWakeUps {
  private readonly logger = new Logger(LogWakeUps.name);
  private readonly underWay = new Set<number>();
  private lastWarned = 0;

  constructor(@InjectQueue(QueueName.Events) private readonly queue: Queue<WakePartitionJob>) {
    this.queue.on('error', (error) => this.warn(error));
  }

  wake(partition: number): void {
    if (this.underWay.has(partition)) return;
    this.underWay.add(partition);
    this.queue
      .add(WAKE_PARTITION_JOB, { partition }, wakePartitionJobOptions(partition))
      .catch((error: Error) => this.warn(error))
      .finally(() => this.underWay.delete(partition));
  }

  private warn(error: Error): void {
    if (Date.now() - this.lastWarned < 60_000) return;
    this.lastWarned = Date.now();
    this.logger.warn(`workers are not woken through Redis (${error.message}); they find new events on their next sweep`);
  }
}
