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
 * Counts and times every answered request by method, route pattern and status. The front door starts the clock on
 * each request: it counts its own answers (cached answers, rate limits) with `answered` as it hands them over, and
 * has `observe` count those of Express when they finish.
 *
 * A request costs a few additions to numbers kept here; the text Prometheus scrapes is written from them, beside the
 * registry's (MetricsEndpoint). (Through prom-client's Counter and Histogram, labels were checked and hashed twice per
 * request: a few percent of a cached answer's whole cost.)
 */
@Injectable()
export class HttpMetrics {
  /** By route, method and status: lookups of strings the request already has, not of a key made for each request. */
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();

  /** Counts a request passed on once its answer is sent (timed from `started`); a request whose client left first is not. */
  readonly observe = (req: IncomingMessage, res: ServerResponse, started = performance.now()): void => {
    // An answer finishes once: `on` without once's wrapper.
    res.on('finish', () => this.count(methodLabel(req.method), routeLabel(req, res.statusCode), res.statusCode, started));
  };

  /**
   * Counts an answer the front door has just handed over, by the route pattern that made it: without a listener and
   * without naming the route on the request, which cost a cached answer a few percent of its time.
   */
  readonly answered = (req: IncomingMessage, res: ServerResponse, route: string, started: number): void => {
    if (!res.destroyed) this.count(methodLabel(req.method), route, res.statusCode, started);
  };

  private count(method: string, route: string, status: number, started: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      const labels = `method="${method}",route="${labelValue(route)}",status="${status}"`;
      byStatus.set(status, (series = { labels, count: 0, sum: 0, buckets: new Array<number>(BUCKETS.length + 1).fill(0) }));
    }
    const seconds = (performance.now() - started) / 1000;
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]) bucket++;
    series.count++;
    series.sum += seconds;
    series.buckets[bucket]++;
  }

  /** http_requests_total and http_request_duration_seconds in Prometheus's text format (version 0.0.4). */
  exposition(): string {
    const all = [...this.series.values()].flatMap((byMethod) => [...byMethod.values()].flatMap((byStatus) => [...byStatus.values()]));
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
