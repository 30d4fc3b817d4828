// API throughput and latency beside a bare node:http server sending the same bytes, measured in the same run with
// k6: GET /api/, a book page, a chapter page, a category page and five typical searches. Usage:
//   node load-tests/bench/api-vs-bare.mjs demo     (the demo catalog, seeded by the site on first start)
//   node load-tests/bench/api-vs-bare.mjs 10k      (10,000 books; load-tests/bench/seed-large-catalog.mjs first)
// ONLY=<regular expression> measures only the requests whose names match (the uncached searches always run); ROUNDS
// (2), DURATION (5s), VUS (16) and WARM_UP (2s) set how long and how hard.
// It starts the site itself, on free ports with its own data folder, and measures once the catalog is projected.
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedLargeCatalog } from './lib/large-catalog.mjs';
import { root, startSite, waitUntil } from './lib/site.mjs';

const catalog = process.argv[2] ?? 'demo';
const BARE_PORT = 18181;
const DURATION = process.env.DURATION ?? '5s';
const WARM_UP = process.env.WARM_UP ?? '2s';
const VUS = process.env.VUS ?? '16';
/** Rounds of API, bare, bare, API runs per request: their means are compared. */
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const k6 = join(root, '.tools/bin/k6');

/**
 * A GET on a new connection (a kept-alive one may have been closed by the server while k6 ran), with node:http:
 * fetch's own code (undici) took as long as the API's answer and made most of the figure's spread.
 */
const getFresh = (url) =>
  new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.on('error', reject).resume();
      response.on('end', () => resolve(response.statusCode));
    }).on('error', reject);
  });

const site = await startSite(`bench-${catalog}`, { demoCatalog: catalog === 'demo' });
const work = mkdtempSync(join(tmpdir(), 'api-bench-'));
try {
  if (catalog === '10k') {
    console.log('10,000-book catalog:', await seedLargeCatalog(site.env));
    // The API swaps to the rebuilt read models when the rebuild announces itself.
    await waitUntil(async () => (await (await fetch(`${site.baseUrl}/api/searchbook?pageSize=1`)).json()).totalBooks >= 10_000, 600_000, '10,000 books in the catalog');
  }
  const home = await (await fetch(`${site.baseUrl}/api/`)).json();
  const book = home.latestBooks[0];
  const paths = {
    'GET /api/': '/api/',
    'book page': `/api/${book.book_id}-bench`,
    'chapter page': `/api/${book.book_id}-bench/${book.latest_chapter}`,
    'category page: genre Romance': '/api/genre/Romance?pageNum=1',
    'search: Danmei/BL, newest': '/api/searchbook?page=1&pageSize=10&diversity=Danmei%2FBL&sort_by=newest',
    'search: Romance + Sweet': '/api/searchbook?page=1&pageSize=10&genre=Romance&tag=Sweet&sort_by=likes',
    'search: Chinese, Completed, 50001+ words': '/api/searchbook?page=1&pageSize=10&original_language=Chinese&completion_status=Completed&word_count=50001-',
    'search: text "the"': '/api/searchbook?page=1&pageSize=10&book_name=the&sort_by=likes',
    'search: Modern + Office, page 2': '/api/searchbook?page=2&pageSize=10&setting=Modern&tag=Office&sort_by=oldest',
  };

  // Record what the API sends k6 (which asks for no compression), then serve exactly that from the bare server: the
  // second answer, as the API sends it for the rest of the run.
  const recorded = {};
  for (const path of Object.values(paths)) {
    let response;
    for (let i = 0; i < 2; i++) response = await fetch(`${site.baseUrl}${path}`, { headers: { 'accept-encoding': 'identity' } });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    // Every header, security headers included, so both servers send the same bytes; Node writes the date, connection
    // and length headers itself.
    const headers = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)));
    recorded[path] = { headers, body: Buffer.from(await response.arrayBuffer()).toString('base64') };
  }
  writeFileSync(join(work, 'responses.json'), JSON.stringify(recorded));
  const bare = fork(join(root, 'load-tests/bench/bare-server.mjs'), [join(work, 'responses.json'), String(BARE_PORT)]);
  await new Promise((resolve) => bare.once('message', resolve));

  const BARE = `http://127.0.0.1:${BARE_PORT}`;
  const mean = (...runs) => Object.fromEntries(['rps', 'p50', 'p95'].map((key) => [key, runs.reduce((sum, run) => sum + run[key], 0) / runs.length]));
  const run = (baseUrl, path, duration = DURATION) => {
    const summary = join(work, 'summary.json');
    execFileSync(k6, ['run', '--quiet', '--summary-export', summary, join(root, 'load-tests/scenarios/get-url.js')], {
      env: { ...process.env, BASE_URL: baseUrl, URL_PATH: path, VUS, DURATION: duration },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const metrics = JSON.parse(readFileSync(summary, 'utf8')).metrics;
    if (metrics.checks.fails > 0) throw new Error(`${path}: ${metrics.checks.fails} requests did not answer 200`);
    return { rps: metrics.http_reqs.rate, p50: metrics.http_req_duration.med, p95: metrics.http_req_duration['p(95)'] };
  };

  console.log(`\nAPI vs bare node:http, ${catalog} catalog, ${VUS} users, ${DURATION} runs in ${ROUNDS} rounds of API, bare, bare, API after ${WARM_UP} to warm up each (k6; means; load average ${loadavg().map((load) => load.toFixed(2)).join(' ')})\n`);
  console.log('| request | API req/s | API p50 ms | API p95 ms | bare req/s | bare p50 ms | bare p95 ms | throughput ratio |');
  console.log('|---|---|---|---|---|---|---|---|');
  try {
    // ONLY=<regular expression> measures just the requests whose name it matches.
    for (const [name, path] of Object.entries(paths).filter(([name]) => !process.env.ONLY || new RegExp(process.env.ONLY).test(name))) {
      // A first, unmeasured run on each: the request's code is compiled and its caches filled, as in a server that has
      // been up a while (the first request measured used to be the slowest, whichever it was).
      for (const baseUrl of [site.baseUrl, BARE]) run(baseUrl, path, WARM_UP);
      // API, bare, bare, API: a machine that slows down or speeds up during the four runs weighs on both alike; more
      // rounds of them average out the moments when the two cores are shared unevenly with k6.
      const [apiRuns, bareRuns] = [[], []];
      for (let round = 0; round < ROUNDS; round++) {
        apiRuns.push(run(site.baseUrl, path));
        bareRuns.push(run(BARE, path), run(BARE, path));
        apiRuns.push(run(site.baseUrl, path));
      }
      const api = mean(...apiRuns);
      const ref = mean(...bareRuns);
      const f = (n) => n.toFixed(2);
      console.log(`| ${name} | ${api.rps.toFixed(0)} | ${f(api.p50)} | ${f(api.p95)} | ${ref.rps.toFixed(0)} | ${f(ref.p50)} | ${f(ref.p95)} | ${(api.rps / ref.rps).toFixed(2)} |`);
    }
  } finally {
    bare.kill();
  }

  // The table above mostly measures remembered answers. Searches nobody made before go to the engine: time 400
  // distinct ones, one at a time, so each is a cache miss; after 400 others, unmeasured, as a server up a while has
  // run its search code before (and the client its own).
  const diversities = ['All', 'Danmei/BL', 'Non-BL'];
  const statuses = ['All', 'Ongoing', 'Completed'];
  const sorts = ['likes', 'newest', 'oldest'];
  const genres = ['Romance', 'Fantasy', 'Drama', 'Mystery'];
  const words = ['the', 'jade', 'moon', 'winter', 'a'];
  const searches = (offset) =>
    Array.from({ length: 400 }, (_, i) =>
      new URLSearchParams({
        page: String(1 + (i % 7)),
        pageSize: '10',
        diversity: diversities[i % 3],
        completion_status: statuses[Math.floor(i / 3) % 3],
        sort_by: sorts[Math.floor(i / 9) % 3],
        genre: genres[Math.floor(i / 27) % 4],
        ...(i % 2 ? { book_name: words[i % 5] } : {}),
        word_count: `${(i % 11) * 1000 + offset}-`,
      }),
    );
  const timings = [];
  for (const [offset, measured] of [
    [1, false],
    [0, true],
  ]) {
    for (const query of searches(offset)) {
      const started = performance.now();
      const status = await getFresh(`${site.baseUrl}/api/searchbook?${query}`);
      if (measured) timings.push(performance.now() - started);
      if (status !== 200) throw new Error(`search ${query} answered ${status}`);
    }
  }
  timings.sort((a, b) => a - b);
  const at = (q) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))].toFixed(2);
  console.log(`\nUncached searches (400 distinct, one at a time): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`);
} finally {
  rmSync(work, { recursive: true, force: true });
  await site.stop();
}
