import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { accountErasedChange, AccountEventType, changesCatalog, type ParkedEventDocument, QueueName, READ_MODEL_CHANGES_CHANNEL, type ReadModelChange } from '@shelf/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { LogEntry } from '../log/log-reader';
import { SERVICE_ENV, type ServiceEnv } from '../config/service-env';

/**
 * What the projections tell others, through Redis and best effort (the store holds the truth): API processes that a
 * catalog answer changed, operators (on the dashboard's parked-events queue) that an event was parked.
 */
@Injectable()
export class ProjectionSignals implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ProjectionSignals.name);
  private readonly redis: Redis;

  constructor(
    @Inject(SERVICE_ENV) env: ServiceEnv,
    @InjectQueue(QueueName.Parked) private readonly parkedQueue: Queue,
  ) {
    this.redis = new Redis(env.redisUrl, { maxRetriesPerRequest: 1, disconnectTimeout: 100 });
    this.redis.on('error', () => undefined);
  }

  /**
   * A round of a partition was applied: one message empties the API's cached catalog answers if it touched them; an
   * erasure is told again (the erasing API process told it first), for an API process that missed it.
   */
  projected(entries: LogEntry[]): void {
    for (const { event } of entries) if (event?.type === AccountEventType.UserErased) void this.announce(accountErasedChange(event.data.userId));
    const event = entries.find((entry) => entry.event && changesCatalog(entry.event.type))?.event;
    if (!event) return;
    void this.announce({ eventType: event.type, streamId: event.streamId });
  }

  /** Tells API processes of a change to read models (best effort). */
  announce(change: ReadModelChange): Promise<unknown> {
    return this.redis.publish(READ_MODEL_CHANGES_CHANNEL, JSON.stringify(change)).catch(() => undefined);
  }

  parked(doc: ParkedEventDocument): void {
    this.logger.error(`${doc.projector} parked event ${doc.eventId} (${doc.type}, ${doc.streamId} v${doc.version}) after ${doc.attempts} tries: ${doc.error.split('\n')[0]}`);
    this.parkedQueue.add(doc.type, { parkedId: doc._id }, { jobId: `parked-${doc.projector}-${doc.eventId}`, attempts: 1, removeOnComplete: true, removeOnFail: false }).catch(() => undefined);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
