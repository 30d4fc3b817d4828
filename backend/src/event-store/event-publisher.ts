import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { type AnyDomainEvent, eventJobOptions, QueueName, type ServiceEnv } from '@shelf/contracts';
import { Queue } from 'bullmq';
import { SERVICE_ENV } from '../platform/service-env.token';

/** Hands appended events to the workers: one job per event on the events queue, the event id as job id. */
@Injectable()
export class EventPublisher implements BeforeApplicationShutdown {
  private readonly queue: Queue;

  constructor(@Inject(SERVICE_ENV) env: ServiceEnv) {
    this.queue = new Queue(QueueName.Events, { connection: { url: env.redisUrl }, prefix: env.queuePrefix });
    // While Redis is away every reconnect fails; appends still succeed and the relay delivers later.
    const logger = new Logger(EventPublisher.name);
    let lastWarned = 0;
    this.queue.on('error', (error) => {
      if (Date.now() - lastWarned < 60_000) return;
      lastWarned = Date.now();
      logger.warn(`the events queue is unreachable: ${error.message}`);
    });
  }

  async publish(events: AnyDomainEvent[]): Promise<void> {
    await this.queue.addBulk(events.map((event) => ({ name: event.type, data: event, opts: { ...eventJobOptions, jobId: event.id } })));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
