import { Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Histogram } from 'prom-client';
import { methodLabel, routeLabel } from '../api/route-label';
import { MetricsRegistry } from '../infrastructure/metrics-registry';

type Labels = 'method' | 'route' | 'status';

/**
 * Counts and times every answered request by method, route pattern and status. The front door calls `observe` first
 * thing, so its own answers (cached pages, rate limits) are counted with those of Express.
 */
@Injectable()
export class HttpMetrics {
  private readonly requests: Counter<Labels>;
  private readonly duration: Histogram<Labels>;

  constructor(registry: MetricsRegistry) {
    const labelNames = ['method', 'route', 'status'] as const;
    this.requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames, registers: [registry] });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request reaching the server to the last byte of its answer being handed to the OS, in seconds.',
      labelNames,
      registers: [registry],
    });
  }

  /** Starts the clock on a request; once its answer is sent, counts it. A request whose client left first is not counted. */
  readonly observe = (req: IncomingMessage, res: ServerResponse): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const labels = { method: methodLabel(req.method), route: routeLabel(req, res.statusCode), status: String(res.statusCode) };
      this.requests.inc(labels);
      this.duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
  };
}
