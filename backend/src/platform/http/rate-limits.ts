import { HttpException, HttpStatus } from '@nestjs/common';
import type { ServiceEnv } from '@shelf/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimit {
  /** Attempts allowed per window. */
  points: number;
  /** The window, in seconds. */
  duration: number;
}

/**
 * Named attempt counters in Redis, shared by all API processes (in memory while Redis is away). A module subclasses
 * it with its own limits and the message its readers get past one.
 */
export class RateLimits<Name extends string> {
  private readonly limiters: Record<Name, RateLimiterRedis>;

  constructor(
    env: ServiceEnv,
    redis: Redis,
    private readonly limits: Record<Name, RateLimit>,
    private readonly message: string,
  ) {
    this.limiters = Object.fromEntries(
      Object.entries<RateLimit>(limits).map(([name, limit]) => [
        name,
        new RateLimiterRedis({ storeClient: redis, keyPrefix: `${env.queuePrefix}:rl:${name}`, ...limit, insuranceLimiter: new RateLimiterMemory(limit) }),
      ]),
    ) as Record<Name, RateLimiterRedis>;
  }

  /** Whether `key` has used up the named limit, without counting an attempt. */
  async exhausted(name: Name, key: string): Promise<boolean> {
    const used = await this.limiters[name].get(key.toLowerCase());
    return used !== null && used.consumedPoints >= this.limits[name].points;
  }

  /** Counts one attempt against each named limit; past any of them, a 429 with the message. */
  async consume(checks: [Name, string][]): Promise<void> {
    try {
      await Promise.all(checks.map(([name, key]) => this.limiters[name].consume(key.toLowerCase())));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new HttpException({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message: this.message }, HttpStatus.TOO_MANY_REQUESTS);
      }
      throw rejection;
    }
  }
}
