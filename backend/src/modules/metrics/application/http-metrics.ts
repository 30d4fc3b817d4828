import { Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { methodLabel, routeLabel } from '../api/route-label';

/** The duration buckets, in seconds: prom-client's defaults, as before. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One label set's requests: their count, the sum of their durations, and how many fell in each bucket (+Inf last). */
interface Series {
  labels: string;
  count: number;
  sum: number;
  buckets: number[];
}

const labelValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * Counts and times every answered request by method, route pattern and status. The front door calls `observe` first
 * thing, so its own answers (cached pages, rate limits) are counted with those of Express.
 *
 * A request costs a few additions to numbers kept here; the text Prometheus scrapes is written from them, beside the
 * registry's (MetricsEndpoint). (Through prom-client's Counter and Histogram, labels were checked and hashed twice per
 * request: a few percent of a cached answer's whole cost.)
 */
@Injectable()
export class HttpMetrics {
  private readonly series = new Map<string, Series>();

  /** Starts the clock on a request; once its answer is sent, counts it. A request whose client left first is not counted. */
  readonly observe = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    // An answer finishes once: `on` without once's wrapper.
    res.on('finish', () => {
      const method = methodLabel(req.method);
      const route = routeLabel(req, res.statusCode);
      const key = `${method} ${res.statusCode} ${route}`;
      let series = this.series.get(key);
      if (!series) {
        const labels = `method="${method}",route="${labelValue(route)}",status="${res.statusCode}"`;
        this.series.set(key, (series = { labels, count: 0, sum: 0, buckets: new Array<number>(BUCKETS.length + 1).fill(0) }));
      }
      const seconds = (performance.now() - started) / 1000;
      let bucket = 0;
      while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]) bucket++;
      series.count++;
      series.sum += seconds;
      series.buckets[bucket]++;
    });
  };

  /** http_requests_total and http_request_duration_seconds in Prometheus's text format (version 0.0.4). */
  exposition(): string {
    const all = [...this.series.values()];
    const lines = [
      '# HELP http_requests_total HTTP requests answered, by method, route pattern and status.',
      '# TYPE http_requests_total counter',
      ...all.map(({ labels, count }) => `http_requests_total{${labels}} ${count}`),
      '',
      '# HELP http_request_duration_seconds Time from a request reaching the server to the last byte of its answer being handed to the OS, in seconds.',
      '# TYPE http_request_duration_seconds histogram',
    ];
    for (const { labels, count, sum, buckets } of all) {
      let below = 0;
      BUCKETS.forEach((bound, i) => lines.push(`http_request_duration_seconds_bucket{le="${bound}",${labels}} ${(below += buckets[i])}`));
      lines.push(
        `http_request_duration_seconds_bucket{le="+Inf",${labels}} ${count}`,
        `http_request_duration_seconds_sum{${labels}} ${sum}`,
        `http_request_duration_seconds_count{${labels}} ${count}`,
      );
    }
    return `${lines.join('\n')}\n`;
  }
}
