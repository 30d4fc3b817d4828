// Hands the seeded signed-in readers out to k6's virtual users (lib/readers.js): POST /<pool>?count=n answers the
// next n readers of the pool, each to one virtual user only, for the rest of the run.
import { createServer } from 'node:http';
import { URL } from 'node:url';

/** Serves `pools` ({ social: [readers], live: [readers] }) on a free loopback port: { url, close }. */
export async function serveReaderLeases(pools) {
  const next = Object.fromEntries(Object.keys(pools).map((pool) => [pool, 0]));
  const server = createServer((request, response) => {
    const url = new URL(request.url, 'http://leases');
    const pool = url.pathname.slice(1);
    const count = Number(url.searchParams.get('count') ?? 1);
    const answer = (status, body) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'POST' || !pools[pool]) return answer(404, { message: `no pool ${pool}` });
    if (next[pool] + count > pools[pool].length) return answer(409, { message: `the ${pool} pool of ${pools[pool].length} readers is used up` });
    answer(200, pools[pool].slice(next[pool], next[pool] + count));
    next[pool] += count;
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
