// Two servers answering one URL, measured in the same run: the load switches between them every SLICE_MS (1,000) in
// the order A B B A, so a machine that slows down or speeds up weighs on both alike. Used by the API-vs-bare-server
// benchmark (load-tests/bench/api-vs-bare.mjs), which reads the summary written to SUMMARY.
//   BASE_URL (A) and OTHER_URL (B), both loopback; URL_PATH; VUS (16); WARM_UP_SLICES (2, unmeasured: A then B);
//   BLOCKS (5) of A B B A after them.
// Each request is tagged with its server and, when measured, its block, so the summary has per-block counts.
import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import { isLoopbackUrl } from '../lib/loopback.mjs';

const servers = { a: __ENV.BASE_URL, b: __ENV.OTHER_URL };
for (const url of Object.values(servers)) if (!isLoopbackUrl(url ?? '')) throw new Error(`BASE_URL and OTHER_URL must be loopback addresses, got ${url}`);
const path = __ENV.URL_PATH;
const SLICE_MS = Number(__ENV.SLICE_MS || 1000);
const WARM_UP_SLICES = Number(__ENV.WARM_UP_SLICES || 2);
const BLOCKS = Number(__ENV.BLOCKS || 5);
const ORDER = ['a', 'b', 'b', 'a'];
const measuredSlices = BLOCKS * ORDER.length;

// Thresholds that always hold: they only make the summary list each server's and each block's figures.
const thresholds = {};
for (const server of ['a', 'b']) {
  thresholds[`http_reqs{server:${server}}`] = ['count>=0'];
  thresholds[`http_req_duration{server:${server}}`] = ['max>=0'];
  for (let block = 0; block < BLOCKS; block++) thresholds[`http_reqs{server:${server},block:${block}}`] = ['count>=0'];
}

export const options = {
  scenarios: {
    switching: {
      executor: 'constant-vus',
      vus: Number(__ENV.VUS || 16),
      duration: `${((WARM_UP_SLICES + measuredSlices) * SLICE_MS) / 1000}s`,
      gracefulStop: '1s',
    },
  },
  thresholds,
  summaryTrendStats: ['med', 'p(95)', 'max'],
};

/** The server of the slice this moment falls in, and its block (undefined while warming up). */
function slice() {
  const index = Math.floor((Date.now() - exec.scenario.startTime) / SLICE_MS);
  if (index < WARM_UP_SLICES) return { server: index % 2 ? 'b' : 'a', phase: 'warm-up' };
  const measured = Math.min(index - WARM_UP_SLICES, measuredSlices - 1);
  return { server: ORDER[measured % ORDER.length], phase: 'measured', block: String(Math.floor(measured / ORDER.length)) };
}

export default function () {
  const { server, phase, block } = slice();
  const tags = phase === 'measured' ? { server, block, name: path } : { phase, name: path };
  check(http.get(`${servers[server]}${path}`, { tags }), { 'status is 200': (r) => r.status === 200 });
}

export function handleSummary(data) {
  return { [__ENV.SUMMARY]: JSON.stringify({ metrics: data.metrics, sliceSeconds: SLICE_MS / 1000, blocks: BLOCKS }) };
}
