import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  eventJobOptions,
  EventLogCollection,
  type OutboxDocument,
  QueueName,
  type ServiceEnv,
  type StoredEventDocument,
  toDomainEvent,
} from '@shelf/contracts';
import { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import { SERVICE_ENV } from '../service-env.token';

/** An outbox entry younger than this may belong to an append still under way in the API. */
const GRACE_MS = 2000;
/** An entry whose event never appeared after this long belongs to an append that failed before storing it. */
const ABANDON_MS = 60_000;
const INTERVAL_MS = 1000;

/**
 * Delivers events the API stored but did not confirm enqueued (it died, or Redis was away). The event id is the
 * job id, so an event that was in fact enqueued is not queued twice while its job is kept.
 */
@Injectable()
export class OutboxRelay implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly queue: Queue;
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    @Inject(SERVICE_ENV) env: ServiceEnv,
    @InjectConnection() private readonly connection: Connection,
  ) {
    this.queue = new Queue(QueueName.Events, { connection: { url: env.redisUrl }, prefix: env.queuePrefix });
    // A failed sweep is logged by `sweep`; the queue's own connection errors add nothing.
    this.queue.on('error', () => undefined);
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.sweep(), INTERVAL_MS);
  }

  /** Delivers what is due; resolves with the number of events enqueued. Never runs twice at once. */
  sweep(): Promise<number> {
    this.running ??= this.deliverDue()
      .catch((error: Error) => {
        this.logger.warn(`outbox sweep failed, will retry: ${error.message}`);
        return 0;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async deliverDue(): Promise<number> {
    const outbox = this.connection.collection<OutboxDocument>(EventLogCollection.Outbox);
    const events = this.connection.collection<StoredEventDocument>(EventLogCollection.Events);
    const now = Date.now();
    const due = await outbox.find({ createdAt: { $lt: new Date(now - GRACE_MS) } }).limit(500).toArray();
    let delivered = 0;
    for (const entry of due) {
      const stored = await events.findOne({ _id: entry.eventDocumentId });
      if (stored && stored.eventId === entry._id) {
        const event = toDomainEvent(stored);
        await this.queue.add(event.type, event, { ...eventJobOptions, jobId: event.id });
        delivered++;
      } else if (now - entry.createdAt.getTime() < ABANDON_MS) {
        continue;
      }
      await outbox.deleteOne({ _id: entry._id });
    }
    if (delivered > 0) this.logger.log(`relayed ${delivered} event(s) from the outbox`);
    return delivered;
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    await this.queue.close();
  }
}
