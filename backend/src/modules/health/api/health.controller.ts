import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { SearchEngine } from '@shelf/search-index';
import type { Response } from 'express';
import type { Connection } from 'mongoose';
import { RedisClient } from '../../../platform/redis-client';
import { SEARCH_ENGINE } from '../../../platform/search-engine.provider';
import { within as withinMs } from '../../../platform/within-deadline';
import { ProjectionProgress } from '../infrastructure/projection-progress';

export type ServiceStatus = 'up' | 'down';

export interface HealthResponse {
  status: 'ok' | 'unavailable';
  store: ServiceStatus;
  redis: ServiceStatus;
  search: ServiceStatus;
  searchEngine: SearchEngine['kind'];
  /** Events a projector set aside after failing every retry (`npm run projections:parked`); null: the store did not say. */
  parkedEvents: number | null;
  /** Positions of the log the projectors have still to apply, added up (0: all caught up); null: the store did not say. */
  projectionLag: number | null;
}

/** Each check runs in parallel with the others and counts as down past this, so health answers within about 1 s. */
const CHECK_TIMEOUT_MS = 1000;

/** Resolves with what `read` resolves with within the time limit, or null (an error, or no answer in time). */
const within = <T>(read: () => Promise<T>): Promise<T | null> => withinMs(read, CHECK_TIMEOUT_MS);

/** 'up' when the check resolves truthy within the time limit, 'down' otherwise. */
const probe = async (check: () => Promise<unknown>): Promise<ServiceStatus> => ((await within(check)) ? 'up' : 'down');

@Controller('health')
export class HealthController {
  constructor(
    @InjectConnection() private readonly store: Connection,
    private readonly redis: RedisClient,
    @Inject(SEARCH_ENGINE) private readonly search: SearchEngine,
    private readonly progress: ProjectionProgress,
  ) {}

  /**
   * 200 only when the store, Redis and the search engine all answer; 503 with the same body otherwise. Parked events
   * and projection lag are reported, not judged: the API stays up while the workers fall behind.
   */
  @Get()
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const [store, redis, search, parkedEvents, projectionLag] = await Promise.all([
      probe(async () => (await this.store.db?.admin().ping())?.ok === 1),
      probe(async () => (await this.redis.ping()) === 'PONG'),
      probe(() => this.search.isHealthy()),
      within(() => this.progress.parkedEvents()),
      within(async () => Object.values((await this.progress.read()).lag).reduce((sum, lag) => sum + lag, 0)),
    ]);
    const healthy = store === 'up' && redis === 'up' && search === 'up';
    res.status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).setHeader('Cache-Control', 'no-store');
    return { status: healthy ? 'ok' : 'unavailable', store, redis, search, searchEngine: this.search.kind, parkedEvents, projectionLag };
  }
}
