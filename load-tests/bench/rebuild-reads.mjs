// Story reads during live rebuilds (issue "Reads that never answer during a rebuild", finding 8): every read must
// answer within its deadline, rebuild or not. On the embedded stack (FerretDB, Redis, MailDev on free loopback ports,
// throw-away data) it appends a catalog of BOOKS books (4 events each: the 10k benchmark catalog's shape, smaller) and
// projects it, starts the API and the workers, then keeps READERS readers asking for story pages and their API answers
// (random books, so most miss the response cache) before, during and after REBUILDS `npm run projections:rebuild`
// commands run at once. Each read has a client timeout of CLIENT_TIMEOUT_MS; it prints, per phase, the reads, their
// statuses, how many took over 2 s and how many got no answer at all, and the slowest.
//
// Usage: node load-tests/bench/rebuild-reads.mjs   (build first: npx tsc -b; npm run build -w web for the pages)
//   BOOKS=2500 READERS=8 REBUILDS=2 STAGGER_MS=0 (between the rebuilds' starts) CLIENT_TIMEOUT_MS=30000 QUIET_MS=10000
//   STALL_MS=0 STALL_AT_MS=30000: with STALL_MS, the store is also paused (SIGSTOP) for STALL_MS, STALL_AT_MS into the
//   rebuilds, as a store that holds every caller (a long lock, a paused VM) does; reads must still answer in time.
// Beside the reads, a probe asks the store itself for one small document every 250 ms (over its own connection, with
// no deadline): its slowest answers show how long the store left every caller waiting.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { benchEnv, freePort, LocalServices, root } from './lib/local-services.mjs';
import { LARGE_CATALOG, seedLargeCatalog } from './lib/large-catalog.mjs';

const require = createRequire(import.meta.url);
const { generateDemoCatalog } = require(join(root, 'backend/dist/demo-catalog/demo-catalog.js'));

const BOOKS = Number(process.env.BOOKS ?? 2_500);
const READERS = Number(process.env.READERS ?? 8);
const REBUILDS = Number(process.env.REBUILDS ?? 2);
const CLIENT_TIMEOUT_MS = Number(process.env.CLIENT_TIMEOUT_MS ?? 30_000);
const QUIET_MS = Number(process.env.QUIET_MS ?? 10_000);
const STAGGER_MS = Number(process.env.STAGGER_MS ?? 0);
const STALL_MS = Number(process.env.STALL_MS ?? 0);
const STALL_AT_MS = Number(process.env.STALL_AT_MS ?? 30_000);
const SLOW_MS = 2_000;
const { MongoClient } = require('mongodb');

const int = (n) => Math.round(n).toLocaleString('en-US');

/** One read, timed; `status` is 'no answer' when the client gave up at CLIENT_TIMEOUT_MS. */
async function read(url) {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS), headers: { 'x-forwarded-for': '10.77.0.1' } });
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), ms: performance.now() - started };
  } catch (error) {
    const timedOut = error?.name === 'TimeoutError' || error?.name === 'AbortError';
    return { status: timedOut ? 'no answer' : `error ${error?.cause?.code ?? error?.message}`, ms: performance.now() - started };
  }
}

/** Runs the rebuild command as an operator does; resolves with its exit code and time. */
function rebuild(local, env, n) {
  const started = Date.now();
  const proc = local.spawn(`rebuild-${n}`, process.execPath, [join(root, 'workers/dist/cli/rebuild.js')], { env: { ...process.env, ...env } });
  return proc.exited.then((code) => ({ code, ms: Date.now() - started, tail: proc.tail }));
}

/** Asks the store for one small document every 250 ms until `stop()`; resolves with each answer's time, and when it was asked. */
function probeStore(url) {
  const samples = [];
  let running = true;
  const done = (async () => {
    const client = await MongoClient.connect(url, { maxPoolSize: 1 });
    try {
      while (running) {
        const started = performance.now();
        await client.db().collection('read_model_versions').findOne({});
        samples.push({ at: started, ms: performance.now() - started });
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await client.close();
    }
    return samples;
  })();
  return {
    stop: () => {
      running = false;
      return done;
    },
  };
}

function report(phase, results) {
  const byStatus = new Map();
  for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  const slow = results.filter((r) => r.ms > SLOW_MS);
  const unanswered = results.filter((r) => r.status === 'no answer');
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  const kinds = (list) => ['api', 'page'].map((kind) => `${kind} ${int(list.filter((r) => r.kind === kind).length)}`).join(', ');
  const pct = (q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);
  console.log(
    `${phase.padEnd(8)} ${int(results.length).padStart(6)} reads · ${[...byStatus].map(([s, n]) => `${s}: ${int(n)}`).join(', ')}` +
      ` · over 2 s: ${int(slow.length)} · no answer in ${CLIENT_TIMEOUT_MS / 1000} s: ${int(unanswered.length)}` +
      ` · p50 ${int(pct(0.5))} ms, p99 ${int(pct(0.99))} ms, max ${int(sorted.at(-1) ?? 0)} ms`,
  );
  if (slow.length) console.log(`           over 2 s by kind: ${kinds(slow)}; 503 by kind: ${kinds(results.filter((r) => r.status === 503))}`);
  for (const r of slow.sort((a, b) => b.ms - a.ms).slice(0, 5)) {
    console.log(`           ${r.kind} ${r.path}: ${r.status} after ${int(r.ms)} ms (sent ${((r.at - r.t0) / 1000).toFixed(1)} s into the run)`);
  }
}

async function main() {
  const local = new LocalServices('shelf-rebuild-reads-');
  try {
    const services = await local.startServices();
    const port = await freePort();
    const env = benchEnv(services, 'rebuild_reads', { queuePrefix: 'rebuild-reads', publicUrl: `http://127.0.0.1:${port}`, SEARCH_RATE_LIMIT: '1000000000' });
    const seeded = await seedLargeCatalog(env, { books: BOOKS });
    console.log(`catalog: ${int(BOOKS)} books, ${int(seeded.events ?? BOOKS * 4)} events (appended in ${int(seeded.appendMs ?? 0)} ms, projected in ${int(seeded.rebuildMs ?? 0)} ms)`);
    const siteEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
    const api = local.spawn('api', process.execPath, [join(root, 'backend/dist/main.js')], { env: siteEnv, ready: /API listening/ });
    local.spawn('workers', process.execPath, [join(root, 'workers/dist/main.js')], { env: siteEnv });
    await Promise.race([api.started, api.exited.then((code) => Promise.reject(new Error(`the API exited with ${code}:\n${api.tail.join('\n')}`)))]);
    const base = `http://127.0.0.1:${port}`;

    const ids = [...generateDemoCatalog({ ...LARGE_CATALOG, books: BOOKS })].map(({ book }) => book.book_id);
    const t0 = performance.now();
    let phase = 'before';
    const results = { before: [], during: [], after: [] };
    let reading = true;
    const reader = async (n) => {
      for (let i = 0; reading; i++) {
        const id = ids[Math.floor(Math.random() * ids.length)];
        const [kind, path] = (n + i) % 2 ? ['api', `/api/${id}-story`] : ['page', `/${id}-story`];
        const at = performance.now();
        const sentIn = phase;
        const answer = await read(`${base}${path}`);
        results[sentIn].push({ ...answer, kind, path, at, t0 });
      }
    };
    const readers = Array.from({ length: READERS }, (_, n) => reader(n));
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    phase = 'during';
    console.log(`${REBUILDS} rebuilds at once, ${READERS} readers…`);
    const probe = probeStore(env.MONGO_URL);
    const duringFrom = performance.now();
    const store = [...local.serviceChildren].find((child) => child.spawnfile.endsWith('ferretdb'));
    const stallStore = async () => {
      await new Promise((resolve) => setTimeout(resolve, STALL_AT_MS));
      console.log(`store paused for ${STALL_MS / 1000} s at ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      store.kill('SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, STALL_MS));
      store.kill('SIGCONT');
    };
    const stall = STALL_MS > 0 ? stallStore() : Promise.resolve();
    const rebuilds = await Promise.all(
      Array.from({ length: REBUILDS }, async (_, n) => {
        await new Promise((resolve) => setTimeout(resolve, n * STAGGER_MS));
        return rebuild(local, env, n + 1);
      }),
    );
    await stall;
    const duringTo = performance.now();
    const samples = await probe.stop();
    for (const [n, r] of rebuilds.entries()) console.log(`rebuild ${n + 1}: exit ${r.code} in ${(r.ms / 1000).toFixed(1)} s${r.code === 0 ? '' : `\n${r.tail.join('\n')}`}`);
    phase = 'after';
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    reading = false;
    await Promise.all(readers);
    console.log(`\nStory reads (pages and /api/{book}), client timeout ${CLIENT_TIMEOUT_MS / 1000} s:`);
    for (const name of ['before', 'during', 'after']) report(name, results[name]);
    const stalls = samples.filter((s) => s.at >= duringFrom && s.at <= duringTo).sort((a, b) => b.ms - a.ms);
    console.log(
      `store probe during the rebuilds: ${int(stalls.length)} asks, over 2 s: ${int(stalls.filter((s) => s.ms > SLOW_MS).length)}, ` +
        `slowest ${stalls.slice(0, 5).map((s) => `${int(s.ms)} ms at ${((s.at - t0) / 1000).toFixed(1)} s`).join(', ')}`,
    );
    const retryless = Object.values(results).flat().filter((r) => r.status === 503 && !r.retryAfter).length;
    if (retryless) console.log(`503 answers without Retry-After: ${int(retryless)}`);
    if (process.env.SHOW_API_LOG) console.log(`\nAPI log (last lines):\n${api.tail.join('\n')}`);
  } finally {
    await local.stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
