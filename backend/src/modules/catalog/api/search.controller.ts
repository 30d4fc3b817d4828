import { Controller, Get, Inject, Injectable, Query, UseGuards } from '@nestjs/common';
import type { SearchResponse, ServiceEnv } from '@shelf/contracts';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { RateLimitGuard } from '../../../platform/http/rate-limit.guard';
import { RedisClient } from '../../../platform/redis-client';
import { SERVICE_ENV } from '../../../platform/service-env.token';
import { SearchBooksQuery } from '../application/search-books.query';
import { parseSearchParams } from './parse-search-params';

export const SEARCH_RATE_LIMIT_MESSAGE = 'You are searching too fast. Please wait a few seconds and try again.';

/** Per client IP, in Redis (shared by every API process), falling back to memory while Redis is away. */
@Injectable()
export class SearchRateLimitGuard extends RateLimitGuard {
  constructor(@Inject(SERVICE_ENV) env: ServiceEnv, redis: RedisClient) {
    super(
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${env.queuePrefix}:rl:search`,
        points: env.searchRateLimit,
        duration: 10,
        insuranceLimiter: new RateLimiterMemory({ points: env.searchRateLimit, duration: 10 }),
      }),
      SEARCH_RATE_LIMIT_MESSAGE,
    );
  }
}

@Controller('searchbook')
export class SearchController {
  constructor(private readonly search: SearchBooksQuery) {}

  @Get()
  @UseGuards(SearchRateLimitGuard)
  find(@Query() query: Record<string, unknown>): Promise<SearchResponse> {
    return this.search.execute(parseSearchParams(query));
  }
}
