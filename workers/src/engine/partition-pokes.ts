import { type BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { PARTITION_COUNT } from '@shelf/contracts';
import { Redis } from 'ioredis';
import { SERVICE_ENV, type ServiceEnv } from '../config/service-env';

/**
 * Wake-ups passed on to the process that holds a partition. A wake-up (a BullMQ job) reaches any worker process; one
 * that finds the partition held by another publishes a poke on Redis, and the process holding it runs it again, so a
 * partition stays with its holder and nobody waits on a lease. A poke lost with Redis costs the sweep's second at most.
 */
@Injectable()
export class PartitionPokes implements BeforeApplicationShutdown {
  private readonly channel: string;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private listener: (partition: number) => void = () => undefined;

  constructor(@Inject(SERVICE_ENV) env: ServiceEnv) {
    this.channel = `${env.queuePrefix}:partition-pokes`;
    // commandTimeout: a stalled Redis must not hold a wake-up up; the sweep covers what a lost poke would have done.
    this.publisher = new Redis(env.redisUrl, { maxRetriesPerRequest: 1, disconnectTimeout: 100, commandTimeout: 1000 });
    this.subscriber = new Redis(env.redisUrl, { disconnectTimeout: 100 });
    for (const client of [this.publisher, this.subscriber]) client.on('error', () => undefined);
    this.subscriber.on('message', (_channel: string, message: string) => {
      const partition = Number(message);
      if (Number.isInteger(partition) && partition >= 0 && partition < PARTITION_COUNT) this.listener(partition);
    });
    // Subscribed again by ioredis after every reconnect.
    void this.subscriber.subscribe(this.channel).catch(() => undefined);
  }

  /** What this process does with a poke (PartitionConsumer: run the partition if it holds it). */
  onPoke(listener: (partition: number) => void): void {
    this.listener = listener;
  }

  /** Asks whichever process holds the partition to run it. */
  poke(partition: number): void {
    void this.publisher.publish(this.channel, String(partition)).catch(() => undefined);
  }

  beforeApplicationShutdown(): void {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
