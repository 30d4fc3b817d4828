import { Inject, Injectable } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { nameRoute } from '../../../platform/http/answered-route';
import { SERVICE_ENV, type ServiceEnv } from '../../../platform/config/service-env';
import { DependencyMetrics } from '../application/dependency-metrics';
import { HttpMetrics } from '../application/http-metrics';
import { MetricsRegistry } from '../infrastructure/metrics-registry';
import { hasBearerToken } from './bearer-token';

/** Where Prometheus scrapes, on the API's port and outside its /api prefix. */
export const METRICS_PATH = '/metrics';

/**
 * GET /metrics in Prometheus's text format, for the bearer token METRICS_TOKEN (wrong or none: 401). Without a token
 * configured the metrics are off and the path answers 404. createApp mounts `handler`.
 */
@Injectable()
export class MetricsEndpoint {
  constructor(
    @Inject(SERVICE_ENV) private readonly env: ServiceEnv,
    private readonly registry: MetricsRegistry,
    private readonly dependencies: DependencyMetrics,
    private readonly http: HttpMetrics,
  ) {}

  readonly handler: RequestHandler = (req, res, next) => {
    // Mounted at METRICS_PATH: anything below it, or another method, is not this endpoint's.
    if (req.path !== '/' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    nameRoute(req, METRICS_PATH);
    res.setHeader('Cache-Control', 'no-store');
    const token = this.env.metricsToken;
    if (!token) {
      res.status(404).json({ statusCode: 404, message: 'Metrics are off: set METRICS_TOKEN.' });
      return;
    }
    if (!hasBearerToken(req.headers.authorization, token)) {
      const invalid = req.headers.authorization ? ', error="invalid_token"' : '';
      res.setHeader('WWW-Authenticate', `Bearer realm="Novel Shelf metrics"${invalid}`);
      res.status(401).json({ statusCode: 401, message: 'The metrics need the bearer token METRICS_TOKEN (Authorization: Bearer …).' });
      return;
    }
    this.dependencies
      .refresh()
      .then(() => this.registry.metrics())
      // Set as is: res.type() would reorder the parameters of Prometheus's content type.
      .then((text) => res.setHeader('Content-Type', this.registry.contentType).end(`${text}\n${this.http.exposition()}`), next);
  };
}
