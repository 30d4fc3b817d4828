import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  type CheckpointDocument,
  EventLogCollection,
  type PartitionHeadDocument,
  ProjectionCollection,
  projectionLagOf,
} from '@shelf/contracts';
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
  /** Events a projector set aside after failing every retry (`npm run projections:parked`); null: the store did not say. */
  parkedEvents: number | null;
  /** Positions of the log the projectors have still to apply, added up (0: all caught up); null: the store did not say. */
  projectionLag: number | null;
}

/** Each check runs in parallel with the others and counts as down past this, so health answers within about 1 s. */
const CHECK_TIMEOUT_MS = 1000;

/** Resolves with what `read` resolves with within the time limit, or null (an error, or no answer in time). */
async function within<T>(read: () => Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), CHECK_TIMEOUT_MS)));
  try {
    return await Promise.race([read(), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** 'up' when the check resolves truthy within the time limit, 'down' otherwise. */
const probe = async (check: () => Promise<unknown>): Promise<ServiceStatus> => ((await within(check)) ? 'up' : 'down');

@Controller('health')
export class HealthController {
  constructor(
    @InjectConnection() private readonly store: Connection,
    private readonly redis: RedisClient,
    @Inject(SEARCH_ENGINE) private readonly search: SearchEngine,
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
      within(() => this.store.collection(ProjectionCollection.Parked).countDocuments()),
      within(() => this.projectionLag()),
    ]);
    const healthy = store === 'up' && redis === 'up' && search === 'up';
    res.status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).setHeader('Cache-Control', 'no-store');
    return { status: healthy ? 'ok' : 'unavailable', store, redis, search, searchEngine: this.search.kind, parkedEvents, projectionLag };
  }

  /**
   * The workers' lag, from the collections they keep it in: every projector that has a checkpoint (the API does not
   * know the workers' projectors). Both collections are small (one document per partition, per projector and partition).
   */
  private async projectionLag(): Promise<number> {
    const [heads, checkpoints] = await Promise.all([
      this.store.collection<PartitionHeadDocument>(EventLogCollection.Partitions).find({}).toArray(),
      this.store.collection<CheckpointDocument>(ProjectionCollection.Checkpoints).find({}).toArray(),
    ]);
    const projectors = [...new Set(checkpoints.map((checkpoint) => checkpoint.projector))];
    return Object.values(projectionLagOf(heads, checkpoints, projectors)).reduce((sum, lag) => sum + lag, 0);
  }
}
