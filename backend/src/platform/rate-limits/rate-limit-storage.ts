import type { OnApplicationShutdown } from '@nestjs/common';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { createHmac } from 'node:crypto';
import { INCREMENT_SCRIPT } from './increment-script';

/** ioredis's states from a lost connection until it is back: a count sent then would wait for a retry to fail. */
const LOST = new Set(['close', 'reconnecting', 'end']);

/** The Redis command that runs the counting script, defined on the connection (see the constructor). */
const INCREMENT = 'throttlerIncrement';
type Increment = (hitKey: string, blockKey: string, ttl: number, limit: number, blockDuration: number, hits: number) => Promise<unknown>;

type StorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** A storage that adds several hits in one call (the requests one process let through meanwhile: OptimisticLimit). */
export interface HitCounter {
  add(hits: number, key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<StorageRecord>;
}

/**
 * The throttler's counters, in Redis so that every API process shares them, each key under `prefix`. While Redis is
 * away (its connection lost, or a call failing or timing out after a second: see redis-client.ts) they are counted in
 * this process's memory instead, so an outage neither lifts the limits nor turns a limited request into an error.
 * A key (an e-mail address, a reset token, a client address) is stored only as its HMAC under `secret`, so that Redis
 * holds no address or token, and a list of addresses cannot be matched against it without the secret.
 */
export class RateLimitStorage implements ThrottlerStorage, HitCounter, OnApplicationShutdown {
  private readonly insurance = new ThrottlerStorageService();

  private readonly keyed: Buffer;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    secret: string,
  ) {
    this.keyed = createHmac('sha256', secret).update('rate-limit-keys').digest();
    // Run by its SHA (EVALSHA), not sent whole with every count.
    if (!(INCREMENT in redis)) redis.defineCommand(INCREMENT, { numberOfKeys: 2, lua: INCREMENT_SCRIPT });
  }

  /** One hit, as the throttler's guard counts. */
  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<StorageRecord> {
    return this.add(1, key, ttl, limit, blockDuration, throttlerName);
  }

  async add(hits: number, key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<StorageRecord> {
    const prefixed = this.prefix + createHmac('sha256', this.keyed).update(key).digest('base64url');
    const shared = LOST.has(this.redis.status) ? undefined : await this.shared(prefixed, ttl, limit, blockDuration, throttlerName, hits).catch(() => undefined);
    if (shared) return shared;
    let record!: StorageRecord;
    for (let hit = 0; hit < hits; hit++) record = await this.insurance.increment(prefixed, ttl, limit, blockDuration, throttlerName);
    return record;
  }

  /** The count in Redis (the script answers times in milliseconds; the throttler's records hold seconds). */
  private async shared(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string, hits: number): Promise<StorageRecord> {
    const increment = (this.redis as unknown as Record<typeof INCREMENT, Increment>)[INCREMENT];
    const answer = await increment.call(this.redis, `{${key}:${throttlerName}}:hits`, `{${key}:${throttlerName}}:blocked`, ttl, limit, blockDuration, hits);
    if (!Array.isArray(answer) || answer.length !== 4 || !answer.every((n) => typeof n === 'number')) throw new TypeError(`unexpected throttler answer ${String(answer)}`);
    const [totalHits, timeToExpire, isBlocked, timeToBlockExpire] = answer as number[];
    return { totalHits, timeToExpire: Math.ceil(timeToExpire / 1000), isBlocked: isBlocked === 1, timeToBlockExpire: Math.ceil(timeToBlockExpire / 1000) };
  }

  onApplicationShutdown(): void {
    this.insurance.onApplicationShutdown();
  }
}
