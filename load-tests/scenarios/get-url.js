// One URL under steady load: VUS users for DURATION, each request checked for a 200. Used by the API-vs-bare-server
// benchmark (load-tests/bench/api-vs-bare.mjs), which reads the summary it exports, and by profile-api.mjs. A `{n}`
// in URL_PATH becomes a number no other request of the run has, so every request is one nobody made before.
import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import { baseUrl } from '../lib/config.js';

const path = __ENV.URL_PATH || '/api/health';

export const options = {
  scenarios: {
    steady: { executor: 'constant-vus', vus: Number(__ENV.VUS || 16), duration: __ENV.DURATION || '8s' },
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max'],
};

export default function () {
  const url = `${baseUrl}${path.replace('{n}', String(exec.scenario.iterationInTest))}`;
  check(http.get(url, { tags: { name: path } }), { 'status is 200': (r) => r.status === 200 });
}
