// Acknowledged writes through the API (issue 12, item 6): READERS signed-in readers at once, each making WRITES
// like/unlike toggles on the demo catalog's books as fast as the API acknowledges them (a reader may like 60 times
// a minute, so WRITES stays at 16 by default), on the whole site (`scripts/start.mjs`: API, workers, embedded store).
// Readers carry access tokens signed with the site's secret (no registration; comments need a registered account, so
// there are none). It prints acknowledged writes/s, the latency of an answer (p50/p95/p99), the answers that were not
// 200 (503: the store did not answer within the request deadline), and how long until the workers had projected every
// write (GET /api/health's projection lag back to 0).
//
// Usage: node load-tests/bench/api-writes.mjs   (build first).
// Overrides (environment): READERS=100 WRITES=16.
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { percentiles } from './lib/readers.mjs';
import { startSite, waitUntil } from './lib/site.mjs';

const require = createRequire(import.meta.url);
const { JwtService } = require('@nestjs/jwt');
const { accessTokenKey, ACCESS_TOKEN_LIFETIME } = require('../../backend/dist/modules/accounts/api/access-token-key.js');

const READERS = Number(process.env.READERS ?? 100);
const WRITES = Number(process.env.WRITES ?? 16);

const site = await startSite('bench-api-writes');
try {
  const api = async (method, path, body, token) => {
    const response = await fetch(`${site.baseUrl}/api${path ? `/${path}` : ''}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body && JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  const health = async () => (await api('GET', 'health')).body;
  const lagOf = (report) => (typeof report?.projectionLag === 'number' ? report.projectionLag : 1);
  const home = (await api('GET', '')).body;
  const bookIds = [...new Set([...home.latestBooks, ...home.randomBLBooks, ...home.randomNonBLBooks].map((book) => book.book_id))];
  const jwt = new JwtService({ secret: accessTokenKey({ authSecret: site.env.AUTH_SECRET }), signOptions: { expiresIn: ACCESS_TOKEN_LIFETIME, algorithm: 'HS256' } });
  const readers = Array.from({ length: READERS }, (_, i) => {
    const id = randomUUID();
    return { id, token: jwt.sign({ sub: id, username: `Bench reader ${i}`, email: `reader${i}@bench.test`, email_verified: true }), liked: new Set() };
  });

  const latencies = [];
  const statuses = new Map();
  const write = async (reader, path, body) => {
    const started = performance.now();
    const { status } = await api('POST', path, body, reader.token);
    latencies.push(performance.now() - started);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    return status;
  };
  const session = async (reader) => {
    for (let i = 0; i < WRITES; i++) {
      const bookId = bookIds[Math.floor(Math.random() * bookIds.length)];
      if (reader.liked.has(bookId)) {
        if ((await write(reader, 'like/remove-like-book', { book_id: bookId })) === 200) reader.liked.delete(bookId);
      } else if ((await write(reader, 'like/like-book', { book_id: bookId })) === 200) reader.liked.add(bookId);
    }
  };

  console.log(`${READERS} readers × ${WRITES} writes (likes and unlikes on ${bookIds.length} books), all at once`);
  const started = performance.now();
  await Promise.all(readers.map(session));
  const acknowledgedIn = (performance.now() - started) / 1000;
  await waitUntil(async () => lagOf(await health()) === 0, 600_000, 'the workers to project every write');
  const projectedIn = (performance.now() - started) / 1000;
  const ok = statuses.get(200) ?? 0;
  console.log(`acknowledged: ${ok} writes in ${acknowledgedIn.toFixed(1)} s = ${(ok / acknowledgedIn).toFixed(0)} writes/s; latency ${percentiles(latencies)}`);
  console.log(`answers: ${[...statuses].map(([status, n]) => `${status} × ${n}`).join(', ')}`);
  console.log(`all projected (health: projection lag 0) ${projectedIn.toFixed(1)} s after the first write: ${(ok / projectedIn).toFixed(0)} events/s end to end`);
} finally {
  await site.stop();
}
