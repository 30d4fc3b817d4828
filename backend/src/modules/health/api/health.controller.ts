import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { SearchEngine } from '@shelf/search-index';
import type { Response } from 'express';
import type { Connection } from 'mongoose';
import { RedisClient } from '../../../platform/redis-client';
import { SEARCH_ENGINE } from '../../../platform/search-engine.provider';

export type ServiceStatus = 'up' | 'down';

export interface HealthResponse {
  status: 'ok' | 'unavailable';
  store: ServiceStatus;
  redis: ServiceStatus;
  search: ServiceStatus;
  searchEngine: SearchEngine['kind'];
}

/** Each check runs in parallel with the others and counts as down past this, so health answers within about 1 s. */
const CHECK_TIMEOUT_MS = 1000;

/** Resolves to 'up' when the check resolves truthy within the time limit, 'down' otherwise. */
async function probe(check: () => Promise<unknown>): Promise<ServiceStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)));
  try {
    return (await Promise.race([check(), timeout])) ? 'up' : 'down';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

@Controller('health')
export class HealthController {
  constructor(
    @InjectConnection() private readonly store: Connection,
    private readonly redis: RedisClient,
    @Inject(SEARCH_ENGINE) private readonly search: SearchEngine,
  ) {}

  /** 200 only when the store, Redis and the search engine all answer; 503 with the same body otherwise. */
  @Get()
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const [store, redis, search] = await Promise.all([
      probe(async () => (await this.store.db?.admin().ping())?.ok === 1),
      probe(async () => (await this.redis.ping()) === 'PONG'),
      probe(() => this.search.isHealthy()),
    ]);
    const healthy = store === 'up' && redis === 'up' && search === 'up';
    res.status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).setHeader('Cache-Control', 'no-store');
    return { status: healthy ? 'ok' : 'unavailable', store, redis, search, searchEngine: this.search.kind };
  }
}
