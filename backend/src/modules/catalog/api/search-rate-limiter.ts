import { Inject, Injectable } from '@nestjs/common';
import type { ServiceEnv } from '@shelf/contracts';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RequestLimiter } from '../../../platform/http/front-door';
import { RedisClient } from '../../../platform/redis-client';
import { SERVICE_ENV } from '../../../platform/service-env.token';

/**
 * Searches per client IP in a 10-second window, counted in Redis so every API process shares the count (in memory
 * while Redis is away). The client shows the message under the search box.
 */
@Injectable()
export class SearchRateLimiter implements RequestLimiter {
  readonly message = 'You are searching too fast. Please wait a few seconds and try again.';
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(SERVICE_ENV) env: ServiceEnv, redis: RedisClient) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${env.queuePrefix}:rl:search`,
      points: env.searchRateLimit,
      duration: 10,
      insuranceLimiter: new RateLimiterMemory({ points: env.searchRateLimit, duration: 10 }),
    });
  }

  async allow(clientIp: string): Promise<boolean> {
    try {
      await this.limiter.consume(clientIp);
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      throw rejection;
    }
  }
}
