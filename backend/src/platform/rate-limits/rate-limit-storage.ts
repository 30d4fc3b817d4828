import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { OnApplicationShutdown } from '@nestjs/common';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type { Redis } from 'ioredis';

/** ioredis's states from a lost connection until it is back: a count sent then would wait for a retry to fail. */
const LOST = new Set(['close', 'reconnecting', 'end']);

/**
 * The throttler's counters, in Redis so that every API process shares them, each key under `prefix`. While Redis is
 * away (its connection lost, or a call failing or timing out after a second: see redis-client.ts) they are counted in
 * this process's memory instead, so an outage neither lifts the limits nor turns a limited request into an error.
 */
export class RateLimitStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly shared: ThrottlerStorageRedisService;
  private readonly insurance = new ThrottlerStorageService();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.shared = new ThrottlerStorageRedisService(redis);
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): ReturnType<ThrottlerStorage['increment']> {
    const prefixed = this.prefix + key;
    const shared = LOST.has(this.redis.status) ? undefined : await this.shared.increment(prefixed, ttl, limit, blockDuration, throttlerName).catch(() => undefined);
    return shared ?? this.insurance.increment(prefixed, ttl, limit, blockDuration, throttlerName);
  }

  onApplicationShutdown(): void {
    this.insurance.onApplicationShutdown();
  }
}
