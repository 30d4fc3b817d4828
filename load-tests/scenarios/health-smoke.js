// Smoke scenario: is the running site (npm start) healthy under a little concurrency? Bounded: 5 users, 500 requests.
import http from 'k6/http';
import { check } from 'k6';
import { baseUrl } from '../lib/config.js';

export const options = {
  scenarios: {
    health: { executor: 'shared-iterations', vus: 5, iterations: 500, maxDuration: '30s' },
  },
  thresholds: { checks: ['rate==1'], http_req_failed: ['rate==0'] },
};

export default function () {
  const response = http.get(`${baseUrl}/api/health`);
  check(response, {
    'status is 200': (r) => r.status === 200,
    'every service is up': (r) => r.json('status') === 'ok',
  });
}
