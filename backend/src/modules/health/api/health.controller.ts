import { Controller, Get, HttpStatus, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheck, type HealthCheckResult, HealthCheckService, type HealthIndicatorStatus } from '@nestjs/terminus';
import type { SearchEngine } from '@shelf/search-index';
import type { Response } from 'express';
import { within } from '../../../platform/within-deadline';
import { CHECK_TIMEOUT_MS, DependencyIndicators } from '../infrastructure/dependency-indicators';
import { ProjectionProgress } from '../infrastructure/projection-progress';

/**
 * Terminus's result (`status` ok, error or shutting_down; `info`, `error` and `details` by service), with each
 * service's state and the workers' figures beside it, where operators' checks read them.
 */
export interface HealthResponse extends HealthCheckResult {
  store: HealthIndicatorStatus;
  redis: HealthIndicatorStatus;
  search: HealthIndicatorStatus;
  searchEngine: SearchEngine['kind'];
  /** Events a projector set aside after failing every retry (`npm run projections:parked`); null: the store did not say. */
  parkedEvents: number | null;
  /** Positions of the log the projectors have still to apply, added up (0: all caught up); null: the store did not say. */
  projectionLag: number | null;
}

/** Terminus refuses a failed check with a 503 carrying its result: the result, to answer with the figures added. */
function resultOf(refusal: unknown): HealthCheckResult {
  if (refusal instanceof ServiceUnavailableException) return refusal.getResponse() as HealthCheckResult;
  throw refusal;
}

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly dependencies: DependencyIndicators,
    private readonly progress: ProjectionProgress,
  ) {}

  /**
   * 200 only when the store, Redis and the search engine all answer; 503 with the same body otherwise (and while the
   * API shuts down). Parked events and projection lag are reported, not judged: the API stays up while the workers
   * fall behind.
   */
  @Get()
  @HealthCheck()
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const [result, parkedEvents, projectionLag] = await Promise.all([
      this.health.check([() => this.dependencies.store(), () => this.dependencies.redis(), () => this.dependencies.search()]).catch(resultOf),
      within(() => this.progress.parkedEvents(), CHECK_TIMEOUT_MS),
      within(async () => Object.values((await this.progress.read()).lag).reduce((sum, lag) => sum + lag, 0), CHECK_TIMEOUT_MS),
    ]);
    res.status(result.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    const { status, info, error, details } = result;
    return {
      status,
      store: details.store.status,
      redis: details.redis.status,
      search: details.search.status,
      searchEngine: details.search.engine as SearchEngine['kind'],
      parkedEvents,
      projectionLag,
      info,
      error,
      details,
    };
  }
}
