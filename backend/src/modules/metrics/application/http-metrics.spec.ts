import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nameRoute } from '../../../platform/http/answered-route';
import { HttpMetrics } from './http-metrics';

/** A request to `route` answered with `status` after `ms` milliseconds (the clock is performance.now). */
function answer(metrics: HttpMetrics, route: string, status: number, ms: number): void {
  const req = { method: 'GET', url: route } as IncomingMessage;
  nameRoute(req, route);
  const res = Object.assign(new EventEmitter(), { statusCode: status }) as unknown as ServerResponse;
  const now = jest.spyOn(performance, 'now').mockReturnValue(1_000);
  metrics.observe(req, res);
  now.mockReturnValue(1_000 + ms);
  res.emit('finish');
  now.mockRestore();
}

describe('HttpMetrics', () => {
  it('writes counts, cumulative duration buckets, sums and counts per method, route and status', () => {
    const metrics = new HttpMetrics();
    answer(metrics, '/api/searchbook', 200, 3);
    answer(metrics, '/api/searchbook', 200, 40);
    answer(metrics, '/api/searchbook', 200, 20_000);
    answer(metrics, '/api/searchbook', 429, 1);
    const lines = metrics.exposition().split('\n');
    const ok = 'method="GET",route="/api/searchbook",status="200"';
    expect(lines).toContain(`http_requests_total{${ok}} 3`);
    expect(lines).toContain('http_requests_total{method="GET",route="/api/searchbook",status="429"} 1');
    expect(lines).toContain(`http_request_duration_seconds_bucket{le="0.005",${ok}} 1`);
    expect(lines).toContain(`http_request_duration_seconds_bucket{le="0.025",${ok}} 1`);
    expect(lines).toContain(`http_request_duration_seconds_bucket{le="0.05",${ok}} 2`);
    expect(lines).toContain(`http_request_duration_seconds_bucket{le="10",${ok}} 2`);
    expect(lines).toContain(`http_request_duration_seconds_bucket{le="+Inf",${ok}} 3`);
    expect(lines).toContain(`http_request_duration_seconds_sum{${ok}} 20.043`);
    expect(lines).toContain(`http_request_duration_seconds_count{${ok}} 3`);
    expect(lines.filter((line) => line.startsWith('# TYPE'))).toEqual(['# TYPE http_requests_total counter', '# TYPE http_request_duration_seconds histogram']);
  });

  it('escapes a label value as the text format wants', () => {
    const metrics = new HttpMetrics();
    answer(metrics, '/odd"\\route', 200, 1);
    expect(metrics.exposition()).toContain('route="/odd\\"\\\\route"');
  });

  it('counts an answer the front door handed over by the route given, the same as one that finished, unless its client left', () => {
    const metrics = new HttpMetrics();
    const req = { method: 'GET', url: '/api/?x=1' } as IncomingMessage;
    const now = jest.spyOn(performance, 'now').mockReturnValue(2_000 + 7);
    metrics.answered(req, { statusCode: 200, destroyed: false } as ServerResponse, '/api/', 2_000);
    metrics.answered(req, { statusCode: 200, destroyed: true } as ServerResponse, '/api/', 2_000);
    now.mockRestore();
    answer(metrics, '/api/', 200, 30);
    const lines = metrics.exposition().split('\n');
    const ok = 'method="GET",route="/api/",status="200"';
    expect(lines).toContain(`http_requests_total{${ok}} 2`);
    expect(lines).toContain(`http_request_duration_seconds_bucket{le="0.01",${ok}} 1`);
    expect(lines).toContain(`http_request_duration_seconds_sum{${ok}} 0.037`);
  });
});
