import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { OnApplicationShutdown } from '@nestjs/common';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type { Redis } from 'ioredis';

/** ioredis's states from a lost connection until it is back: a count sent then would wait for a retry to fail. */
const LOST = new Set(['close', 'reconnecting', 'end']);

/** The Redis command that runs the throttler's script, defined on the connection (see the constructor). */
const INCREMENT = 'throttlerIncrement';
type Increment = (hitKey: string, blockKey: string, name: string, ttl: number, limit: number, blockDuration: number) => Promise<unknown>;

/**
 * The throttler's counters, in Redis so that every API process shares them, each key under `prefix`. While Redis is
 * away (its connection lost, or a call failing or timing out after a second: see redis-client.ts) they are counted in
 * this process's memory instead, so an outage neither lifts the limits nor turns a limited request into an error.
 */
export class RateLimitStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly insurance = new ThrottlerStorageService();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    // @nest-lab/throttler-storage-redis's own script and keys, run by its SHA (EVALSHA): the library sends the script's
    // whole text with every count (EVAL), and every search is counted.
    if (!(INCREMENT in redis)) redis.defineCommand(INCREMENT, { numberOfKeys: 2, lua: new ThrottlerStorageRedisService(redis).scriptSrc });
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): ReturnType<ThrottlerStorage['increment']> {
    const prefixed = this.prefix + key;
    const shared = LOST.has(this.redis.status) ? undefined : await this.shared(prefixed, ttl, limit, blockDuration, throttlerName).catch(() => undefined);
    return shared ?? this.insurance.increment(prefixed, ttl, limit, blockDuration, throttlerName);
  }

  /** The count in Redis, as the library reads its script's answer (times in seconds). */
  private async shared(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): ReturnType<ThrottlerStorage['increment']> {
    const increment = (this.redis as unknown as Record<typeof INCREMENT, Increment>)[INCREMENT];
    const answer = await increment.call(this.redis, `{${key}:${throttlerName}}:hits`, `{${key}:${throttlerName}}:blocked`, throttlerName, ttl, limit, blockDuration);
    if (!Array.isArray(answer) || answer.length !== 4 || !answer.every((n) => typeof n === 'number')) throw new TypeError(`unexpected throttler answer ${String(answer)}`);
    const [totalHits, timeToExpire, isBlocked, timeToBlockExpire] = answer as number[];
    return { totalHits, timeToExpire: Math.ceil(timeToExpire / 1000), isBlocked: isBlocked === 1, timeToBlockExpire: Math.ceil(timeToBlockExpire / 1000) };
  }

  onApplicationShutdown(): void {
    this.insurance.onApplicationShutdown();
  }
}
