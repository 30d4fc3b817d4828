import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { ServiceEnv } from '@shelf/contracts';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RedisClient } from '../../../platform/redis-client';
import { SERVICE_ENV } from '../../../platform/service-env.token';
import { AccountMessage } from '../domain/account-messages';

/** Attempts allowed per window, per client address and per account (e-mail address). */
const LIMITS = {
  'login:ip': { points: 30, duration: 600 },
  'login:account': { points: 10, duration: 600 },
  'register:ip': { points: 10, duration: 3600 },
  'register:account': { points: 5, duration: 3600 },
  'forgot:ip': { points: 10, duration: 3600 },
  'forgot:account': { points: 3, duration: 3600 },
  'reset:ip': { points: 30, duration: 600 },
  /** Keyed by the token, which stands for one account. */
  'reset:account': { points: 10, duration: 600 },
} as const;

export type AccountLimit = keyof typeof LIMITS;

/** Counts account attempts in Redis (shared by all API processes, in memory while Redis is away). */
@Injectable()
export class AccountRateLimits {
  private readonly limiters: Record<AccountLimit, RateLimiterRedis>;

  constructor(@Inject(SERVICE_ENV) env: ServiceEnv, redis: RedisClient) {
    this.limiters = Object.fromEntries(
      Object.entries(LIMITS).map(([name, limit]) => [
        name,
        new RateLimiterRedis({ storeClient: redis, keyPrefix: `${env.queuePrefix}:rl:${name}`, ...limit, insuranceLimiter: new RateLimiterMemory(limit) }),
      ]),
    ) as Record<AccountLimit, RateLimiterRedis>;
  }

  /** Counts one attempt against each named limit; past any of them, a 429 with the spec-style message. */
  async consume(checks: [AccountLimit, string][]): Promise<void> {
    try {
      await Promise.all(checks.map(([name, key]) => this.limiters[name].consume(key.toLowerCase())));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new HttpException({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message: AccountMessage.tooManyAttempts }, HttpStatus.TOO_MANY_REQUESTS);
      }
      throw rejection;
    }
  }
}
