import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { ServiceEnv } from '@shelf/contracts';
import { Redis } from 'ioredis';
import { SERVICE_ENV } from './service-env.token';

/**
 * The API's shared Redis connection (queues get their own, as BullMQ requires). While Redis is away a command waits
 * for one reconnect at most, so a request never hangs on it.
 */
@Injectable()
export class RedisClient extends Redis implements BeforeApplicationShutdown {
  constructor(@Inject(SERVICE_ENV) env: ServiceEnv) {
    super(env.redisUrl, { maxRetriesPerRequest: 1 });
    // Connection errors are reported through the health check; without a listener ioredis would print each retry.
    this.on('error', () => undefined);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.disconnect();
  }
}
