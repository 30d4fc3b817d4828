import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  type AnyDomainEvent,
  QueueName,
  READ_MODEL_CHANGES_CHANNEL,
  type ReadModelChange,
  type ServiceEnv,
} from '@shelf/contracts';
import { type Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { SERVICE_ENV } from '../service-env.token';
import { PROJECTORS, type Projector } from './projector';

/**
 * Consumes the events queue: each event goes to every projector that handles it, in registration order, then the
 * change is announced to the API processes. One job at a time keeps each book's events in order; a failed job is
 * retried with backoff, which is safe because projectors are idempotent.
 */
@Injectable()
export class EventsProcessor implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventsProcessor.name);
  private worker?: Worker;
  private readonly publisher: Redis;

  constructor(
    @Inject(SERVICE_ENV) private readonly env: ServiceEnv,
    @Inject(PROJECTORS) private readonly projectors: Projector[],
  ) {
    this.publisher = new Redis(env.redisUrl);
  }

  onModuleInit(): void {
    this.worker = new Worker(QueueName.Events, (job: Job<AnyDomainEvent>) => this.project(job.data), {
      connection: { url: this.env.redisUrl },
      prefix: this.env.queuePrefix,
      concurrency: 1,
    });
    this.worker.on('failed', (job, error) => this.logger.warn(`event ${job?.id} (${job?.name}) failed: ${error.message}`));
  }

  async project(event: AnyDomainEvent): Promise<void> {
    for (const projector of this.projectors) {
      if (projector.handles.includes(event.type)) await projector.apply(event);
    }
    const change: ReadModelChange = { eventType: event.type, streamId: event.streamId };
    await this.publisher.publish(READ_MODEL_CHANGES_CHANNEL, JSON.stringify(change));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    this.publisher.disconnect();
  }
}
