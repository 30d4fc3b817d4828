import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import type { SearchEngine } from '@shelf/search-index';
import type { Connection } from 'mongoose';
import { RedisClient } from '../../../platform/redis-client';
import { SEARCH_ENGINE } from '../../../platform/search-engine.provider';
import { within } from '../../../platform/within-deadline';

/** Each check counts as down past this, so health (which runs them in parallel) answers within about 1 s. */
export const CHECK_TIMEOUT_MS = 1000;

/**
 * The services the API cannot serve without, as terminus health indicators: each `up` when it answers within the
 * time limit, `down` otherwise (an error, or no answer: a stalled server keeps its connection open).
 */
@Injectable()
export class DependencyIndicators {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @InjectConnection() private readonly connection: Connection,
    private readonly redisClient: RedisClient,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
  ) {}

  store(): Promise<HealthIndicatorResult<'store'>> {
    return this.probe('store', async () => (await this.connection.db?.admin().ping())?.ok === 1);
  }

  redis(): Promise<HealthIndicatorResult<'redis'>> {
    return this.probe('redis', async () => (await this.redisClient.ping()) === 'PONG');
  }

  /** Meilisearch, or the embedded engine (which lives in the store); `engine` names which. */
  search(): Promise<HealthIndicatorResult<'search'>> {
    return this.probe('search', () => this.engine.isHealthy(), { engine: this.engine.kind });
  }

  private async probe<Key extends string>(key: Key, answers: () => Promise<boolean>, data: Record<string, unknown> = {}): Promise<HealthIndicatorResult<Key>> {
    const check = this.indicators.check(key);
    return (await within(answers, CHECK_TIMEOUT_MS)) ? check.up(data) : check.down(data);
  }
}
