// Authentication churn: a reader logs in on a device of their own, loads their badge counts, renews the session
// with the refresh token, uses the new access token, and logs out; the used-up refresh token is then refused.
import exec from 'k6/execution';
import { clientAddress } from '../lib/addresses.mjs';
import { request, think } from '../lib/http.js';
import { churnReaders } from '../lib/run-data.js';

export function authChurnJourney() {
  const n = exec.scenario.iterationInTest;
  // Readers in turn, so that none logs in more often than the pool was sized for (lib/plan.mjs churnPoolSize).
  const { email, password } = churnReaders[n % churnReaders.length];
  // An address of its own: the site allows 30 log-ins per address in 10 minutes.
  const address = clientAddress('churn', n);
  const login = request('POST', '/api/user/login', { name: 'POST /api/user/login', address, body: { email, password, honeypot: '' } });
  if (!login.data?.token) return;
  request('GET', '/api/user/replies/unread-count', { name: 'GET /api/user/replies/unread-count', address, token: login.data.token });
  think(0.5, 1.5);

  const renewed = request('POST', '/api/user/token', { name: 'POST /api/user/token', address, body: { refreshToken: login.data.refreshToken } });
  if (!renewed.data?.token) return;
  request('GET', '/api/user/liked-story/unchecked-updates-count', { name: 'GET /api/user/liked-story/unchecked-updates-count', address, token: renewed.data.token });
  think(0.5, 1.5);

  request('POST', '/api/user/logout', { name: 'POST /api/user/logout', address, body: { refreshToken: renewed.data.refreshToken } });
  request('POST', '/api/user/token', { name: 'POST /api/user/token (logged out)', address, body: { refreshToken: renewed.data.refreshToken }, expected: 401 });
}
