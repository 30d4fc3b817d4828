import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { SERVICE_ENV, type ServiceEnv } from './config/service-env';

/** A command Redis has not answered by then fails: a stalled Redis keeps its connection open and answers nothing. */
const COMMAND_TIMEOUT_MS = 1000;

/**
 * The API's shared Redis connection (queues get their own, as BullMQ requires). While Redis is away a command waits
 * for one reconnect, and one second, at most, so a request never hangs on it; the rate limits then count in memory.
 * Commands sent in the same tick go out in one write (auto-pipelining): under load, many searches' counts at once.
 */
@Injectable()
export class RedisClient extends Redis implements BeforeApplicationShutdown {
  constructor(@Inject(SERVICE_ENV) env: ServiceEnv) {
    super(env.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS, enableAutoPipelining: true });
    // Connection errors are reported through the health check; without a listener ioredis would print each retry.
    this.on('error', () => undefined);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.disconnect();
  }
}
