// API throughput and latency beside a bare node:http server sending the same bytes, measured in the same run with
// k6: GET /api/, a book page, a chapter page, a category page and five typical searches. Usage:
//   node load-tests/bench/api-vs-bare.mjs demo     (the demo catalog, seeded by the site on first start)
//   node load-tests/bench/api-vs-bare.mjs 10k      (10,000 books; load-tests/bench/seed-large-catalog.mjs first)
// ONLY=<regular expression> measures only the requests whose names match (the uncached searches always run); BLOCKS
// (20 blocks of four one-second slices), VUS (16) and WARM_UP_SLICES (4) set how long and how hard.
// It starts the site itself, on free ports with its own data folder, and measures once the catalog is projected.
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedLargeCatalog } from './lib/large-catalog.mjs';
import { root, startSite, waitUntil } from './lib/site.mjs';

const catalog = process.argv[2] ?? 'demo';
const BARE_PORT = 18181;
const VUS = process.env.VUS ?? '16';
/**
 * Blocks of API, bare, bare, API slices of a second each, after WARM_UP_SLICES alternating ones. One block's ratio
 * swings by ±0.1 or more on a 2-core machine shared with k6: 20 of them put the run's ratio within about ±0.02.
 */
const BLOCKS = Number(process.env.BLOCKS ?? 20);
/** Unmeasured slices first: each server's request code is compiled and its caches filled, as in one up a while. */
const WARM_UP_SLICES = Number(process.env.WARM_UP_SLICES ?? 4);
const k6 = join(root, '.tools/bin/k6');

/**
 * A GET with node:http (fetch's own code, undici, took as long as the API's answer and made most of the figure's
 * spread), on a new connection unless `agent` keeps one. Uncompressed, as k6 asks; resolves to the status, the
 * headers as sent and the body.
 */
const getRaw = (url, agent = false) =>
  new Promise((resolve, reject) => {
    get(url, { agent, headers: { 'accept-encoding': 'identity' } }, (response) => {
      const chunks = [];
      response.on('error', reject).on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks) }));
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
    let answer;
    for (let i = 0; i < 2; i++) answer = await getRaw(`${site.baseUrl}${path}`);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    // Every header as the API spelled it (security headers and the length included), so both servers send the same
    // bytes; Node writes the date and connection headers itself.
    const headers = answer.rawHeaders.flatMap((value, i, all) => (i % 2 === 0 && !['date', 'connection', 'keep-alive'].includes(value.toLowerCase()) ? [value, all[i + 1]] : []));
    recorded[path] = { headers, body: answer.body.toString('base64') };
  }
  writeFileSync(join(work, 'responses.json'), JSON.stringify(recorded));
  const bare = fork(join(root, 'load-tests/bench/bare-server.mjs'), [join(work, 'responses.json'), String(BARE_PORT)]);
  await new Promise((resolve) => bare.once('message', resolve));

  const BARE = `http://127.0.0.1:${BARE_PORT}`;
  /** One k6 run switching between the API (A) and the bare server (B) every second: see side-by-side.js. */
  const compare = (path) => {
    const summary = join(work, 'summary.json');
    execFileSync(k6, ['run', '--quiet', join(root, 'load-tests/scenarios/side-by-side.js')], {
      env: { ...process.env, BASE_URL: site.baseUrl, OTHER_URL: BARE, URL_PATH: path, VUS, BLOCKS: String(BLOCKS), WARM_UP_SLICES: String(WARM_UP_SLICES), SUMMARY: summary },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const { metrics, sliceSeconds } = JSON.parse(readFileSync(summary, 'utf8'));
    if (metrics.checks.values.fails > 0) throw new Error(`${path}: ${metrics.checks.values.fails} requests did not answer 200`);
    // Each server had two slices of each block.
    const seconds = BLOCKS * 2 * sliceSeconds;
    const figures = (server) => {
      const duration = metrics[`http_req_duration{server:${server}}`].values;
      return { rps: metrics[`http_reqs{server:${server}}`].values.count / seconds, p50: duration.med, p95: duration['p(95)'] };
    };
    const blockRatios = Array.from({ length: BLOCKS }, (_, block) => {
      const count = (server) => metrics[`http_reqs{server:${server},block:${block}}`].values.count;
      return count('a') / count('b');
    });
    return { api: figures('a'), bare: figures('b'), blockRatios };
  };

  console.log(`\nAPI vs bare node:http, ${catalog} catalog, ${VUS} users, switching every second in ${BLOCKS} blocks of API, bare, bare, API after ${WARM_UP_SLICES} s to warm up (k6; load average ${loadavg().map((load) => load.toFixed(2)).join(' ')})\n`);
  console.log('| request | API req/s | API p50 ms | API p95 ms | bare req/s | bare p50 ms | bare p95 ms | throughput ratio | ratio of each block |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  try {
    // ONLY=<regular expression> measures just the requests whose name it matches.
    for (const [name, path] of Object.entries(paths).filter(([name]) => !process.env.ONLY || new RegExp(process.env.ONLY).test(name))) {
      const { api, bare: ref, blockRatios } = compare(path);
      const f = (n) => n.toFixed(2);
      console.log(`| ${name} | ${api.rps.toFixed(0)} | ${f(api.p50)} | ${f(api.p95)} | ${ref.rps.toFixed(0)} | ${f(ref.p50)} | ${f(ref.p95)} | ${(api.rps / ref.rps).toFixed(2)} | ${blockRatios.map(f).join(' ')} |`);
    }
  } finally {
    bare.kill();
  }

  // The table above mostly measures remembered answers. Searches nobody made before go to the engine: time 400
  // distinct ones, one at a time, so each is a cache miss; after 400 others, unmeasured, as a server up a while has
  // run its search code before (and the client its own). Over one kept-alive connection, as nginx holds them to the
  // API (web/nginx.conf), and then 400 more each on a new connection, as a client without keep-alive makes them.
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
  const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
  const timed = {};
  for (const [offset, agent, measured] of [
    [1, keptAlive, undefined],
    [0, keptAlive, 'over one kept-alive connection'],
    [2, false, 'each on a new connection'],
  ]) {
    const timings = [];
    for (const query of searches(offset)) {
      const started = performance.now();
      const { status } = await getRaw(`${site.baseUrl}/api/searchbook?${query}`, agent);
      timings.push(performance.now() - started);
      if (status !== 200) throw new Error(`search ${query} answered ${status}`);
    }
    if (measured) timed[measured] = timings.sort((a, b) => a - b);
  }
  keptAlive.destroy();
  for (const [how, timings] of Object.entries(timed)) {
    const at = (q) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))].toFixed(2);
    console.log(`\nUncached searches (400 distinct, one at a time, ${how}): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  await site.stop();
}
