// Rebuild rate (issues 12 and 34): `npm run projections:rebuild` over a large log on the embedded stack (FerretDB,
// Redis, MailDev on free loopback ports, throw-away data). It writes a log of EVENTS events in the stored shapes
// (events, their partition positions, the partitions' heads) — 80 % story like/unlike toggles by many readers on
// many books, 16 % comments in many threads, 4 % replies — then:
//
//   1. measures the store's own limits on that log: a cursor's read of the events and of the positions collection
//      (docs/s, and the store's CPU per document), reads by `_id` (50 at a time), and insertMany in commands of 1,000
//      of two shapes of read-model documents (a reader's liked stories, a page of 40 comments);
//   2. runs the rebuild command as an operator does, sampling the resident memory (RSS) of the rebuild process and
//      the CPU time of the rebuild and of the store every 500 ms;
//   3. prints events/s, the time of each phase, peak and final RSS and RSS at each quarter of the run, the CPU per
//      event, and the ratios of the rebuild's rate to the store's limits.
//
// Usage: node load-tests/bench/rebuild.mjs [--quick]   (build first: npx tsc -b). EVENTS=1000000 by default;
// --quick writes 50,000. Run it on a quiet machine: the store, the rebuild and this process share the CPUs. The
// figures also go to load-tests/results/rebuild-<date>[-quick].json. REBUILD_NODE_ARGS are given to the rebuild's node
// (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { saveFigures } from './lib/figures.mjs';
import { benchEnv, LocalServices, root } from './lib/local-services.mjs';
import { cpuMs, storePidOf } from './lib/process-cpu.mjs';
import { writeSyntheticLog } from './lib/synthetic-log.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require('mongodb');

const quick = process.argv.includes('--quick');
const EVENTS = Number(process.env.EVENTS ?? (quick ? 50_000 : 1_000_000));
const READERS = 20_000;
const BOOKS = 2_000;
const THREADS = 5_000;
const BATCH = 5_000;
/** Documents each store limit reads or writes at most (a cursor's rate is flat past a few thousand). */
const LIMIT_DOCS = Math.min(EVENTS, 100_000);

const int = (n) => Math.round(n).toLocaleString('en-US');
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const perSecond = (count, ms) => count / (ms / 1000);

/** Writes the log in bulk (synthetic-log.mjs), showing progress. */
async function writeLog(db) {
  const started = Date.now();
  await writeSyntheticLog(db, {
    events: EVENTS,
    readers: READERS,
    books: BOOKS,
    threads: THREADS,
    batch: BATCH,
    onProgress: (written) => process.stdout.write(`\rwriting the log: ${int(written)}/${int(EVENTS)} events`),
  });
  console.log(` (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

/** The store's own rates on the log just written, with its CPU per document. */
async function storeLimits(db, storePid) {
  const timed = async (work) => {
    const [started, cpu] = [performance.now(), cpuMs(storePid)];
    const count = await work();
    const ms = performance.now() - started;
    return { perSecond: perSecond(count, ms), storeCpuMsPerDoc: (cpuMs(storePid) - cpu) / count };
  };
  const scan = (name) => async () => {
    let count = 0;
    const cursor = db.collection(name).find({}, { batchSize: 2000 });
    for await (const _doc of cursor) if (++count >= LIMIT_DOCS) break;
    await cursor.close();
    return count;
  };
  const eventsCursor = await timed(scan('events'));
  const positionsCursor = await timed(scan('event_positions'));
  const ids = (await db.collection('events').find({}, { batchSize: 5000 }).limit(5000).toArray()).map((doc) => doc._id);
  const idReads = await timed(async () => {
    for (let i = 0; i < ids.length; i += 50) await Promise.all(ids.slice(i, i + 50).map((_id) => db.collection('events').findOne({ _id })));
    return ids.length;
  });
  // Two shapes of the read models' documents: a reader's part of their liked stories, and a page of 40 comments.
  const scratch = db.collection('rebuild_bench_inserts');
  const insertAll = (make, count) => async () => {
    for (let i = 0; i < count; i += 1000) await scratch.insertMany(Array.from({ length: Math.min(1000, count - i) }, (_, j) => make(i + j)), { ordered: false });
    return count;
  };
  const small = (i) => ({ _id: `reader-${i}:p00`, user_id: `reader-${i}`, books: { [`b${i % 2000}`]: { liked_at: new Date(), last_update_at: null } }, checked_up_to: null });
  const comment = (i, j) => ({ comment_id: randomUUID(), user_id: `reader-${j}`, username: `reader-${j}`, comment_content: 'A comment of the synthetic log: about as long as most comments readers leave under a chapter.', like_count: 0, seq: j, deleted: false, comment_time: new Date().toISOString() });
  const page = (i) => ({ _id: `thread-${i}#000000`, comments: Object.fromEntries(Array.from({ length: 40 }, (_, j) => [`c${i}-${j}`, comment(i, j)])) });
  const inserts = await timed(insertAll(small, 50_000));
  await scratch.drop();
  const pageInserts = await timed(insertAll(page, 2_000));
  await scratch.drop();
  return { eventsCursor, positionsCursor, idReads, inserts, pageInserts };
}

/**
 * Runs the rebuild command; resolves with its time, the time each phase began, and samples every 500 ms of its
 * resident memory and of its CPU and the store's.
 */
function runRebuild(env, storePid) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const storeCpu = cpuMs(storePid);
    const nodeArgs = process.env.REBUILD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeArgs, join(root, 'workers/dist/cli/rebuild.js')], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    const samples = [];
    const phases = {};
    let output = '';
    let rebuiltAt = null;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      for (const line of String(chunk).split('\n')) {
        const phase = /^(\w[\w-]*): \d+\/\d+ (?:log entries|documents)/.exec(line.trim())?.[1];
        if (phase && !(phase in phases)) phases[phase] = Date.now() - started;
      }
      const last = String(chunk).trim().split('\n').at(-1);
      if (last) process.stdout.write(`\r${last.slice(0, 100).padEnd(100)}`);
      if (rebuiltAt === null && /Rebuilt /.test(output)) rebuiltAt = Date.now();
    });
    const sample = () => {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      const cpu = cpuMs(child.pid);
      const storeRss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${storePid}/status`, 'utf8'));
      if (rss && cpu !== null) {
        samples.push({ at: Date.now() - started, rss: Number(rss[1]) * 1024, storeRss: Number(storeRss?.[1] ?? 0) * 1024, cpu, storeCpu: cpuMs(storePid) - storeCpu, rebuilt: rebuiltAt !== null });
      }
    };
    const timer = setInterval(() => {
      try {
        sample();
      } catch {
        // The process has just exited.
      }
    }, 500);
    child.once('exit', (code) => {
      clearInterval(timer);
      if (code !== 0) reject(new Error(`the rebuild exited with ${code}`));
      else resolve({ ms: (rebuiltAt ?? Date.now()) - started, samples, phases, output });
    });
  });
}

async function main() {
  const local = new LocalServices('shelf-rebuild-bench-');
  try {
    const services = await local.startServices();
    const storePid = storePidOf(local);
    const env = benchEnv(services, 'rebuild_bench', { queuePrefix: 'rebuild-bench' });
    const client = await MongoClient.connect(env.MONGO_URL);
    await writeLog(client.db());
    const limits = await storeLimits(client.db(), storePid);
    await client.close();
    // Both collections are read whole, one document each per event: together they bound a rebuild that reads the log.
    const bothCursors = 1 / (1 / limits.eventsCursor.perSecond + 1 / limits.positionsCursor.perSecond);
    console.log(`Store limits (on this log; ${LIMIT_DOCS.toLocaleString('en-US')} documents each; load average ${loadavg()[0].toFixed(1)}):`);
    console.log(`  cursor read of events:     ${int(limits.eventsCursor.perSecond)} docs/s (store CPU ${(limits.eventsCursor.storeCpuMsPerDoc * 1000).toFixed(0)} µs/doc)`);
    console.log(`  cursor read of positions:  ${int(limits.positionsCursor.perSecond)} docs/s (store CPU ${(limits.positionsCursor.storeCpuMsPerDoc * 1000).toFixed(0)} µs/doc)`);
    console.log(`  both, one after the other: ${int(bothCursors)} events/s`);
    console.log(`  reads by _id (50 at once): ${int(limits.idReads.perSecond)} docs/s`);
    console.log(`  insertMany of 1,000 small: ${int(limits.inserts.perSecond)} docs/s (store CPU ${(limits.inserts.storeCpuMsPerDoc * 1000).toFixed(0)} µs/doc)`);
    console.log(`  insertMany of pages of 40 comments: ${int(limits.pageInserts.perSecond)} docs/s (store CPU ${(limits.pageInserts.storeCpuMsPerDoc * 1000).toFixed(0)} µs/doc)`);

    const { ms, samples, phases, output } = await runRebuild(env, storePid);
    const told = output.split('\n').filter((line) => /^(Read the log|Documents inserted|Live projection waited)/.test(line));
    const during = samples.filter((sample) => !sample.rebuilt);
    const peak = Math.max(...samples.map((sample) => sample.rss));
    const final = during.at(-1)?.rss ?? 0;
    const quarters = [0.25, 0.5, 0.75, 1].map((q) => during[Math.min(during.length - 1, Math.floor(q * (during.length - 1)))]?.rss ?? 0);
    const rate = EVENTS / (ms / 1000);
    const last = during.at(-1) ?? { cpu: 0, storeCpu: 0 };
    const order = Object.entries(phases).sort((a, b) => a[1] - b[1]);
    const spans = order.map(([phase, at], i) => `${phase} ${(((order[i + 1]?.[1] ?? ms) - at) / 1000).toFixed(1)} s`);
    console.log(`\nRebuild of a ${int(EVENTS)}-event log: ${(ms / 1000).toFixed(1)} s, ${int(rate)} events/s (start-up ${((order[0]?.[1] ?? 0) / 1000).toFixed(1)} s; ${spans.join(', ')})`);
    console.log(`  = ${(rate / limits.eventsCursor.perSecond).toFixed(2)} × the events cursor, ${(rate / bothCursors).toFixed(2)} × both cursors, ${(rate / limits.idReads.perSecond).toFixed(1)} × the _id reads`);
    for (const line of told) console.log(`  ${line}`);
    const storePeak = Math.max(...during.map((sample) => sample.storeRss));
    console.log(`Resident memory of the rebuild: peak ${mb(peak)}, final ${mb(final)}; at each quarter of the run ${quarters.map(mb).join(', ')}`);
    console.log(`Resident memory of the store: ${mb(during[0]?.storeRss ?? 0)} at the start, peak ${mb(storePeak)}`);
    // Each phase's use of the CPUs (100 % = one core): who waits for whom.
    const at = (ms) => samples.reduce((best, sample) => (Math.abs(sample.at - ms) < Math.abs(best.at - ms) ? sample : best), samples[0]);
    const busy = order.map(([phase, start], i) => {
      const [from, to] = [at(start), at(order[i + 1]?.[1] ?? ms)];
      const span = Math.max(to.at - from.at, 1);
      return `${phase} rebuild ${Math.round(((to.cpu - from.cpu) / span) * 100)} %, store ${Math.round(((to.storeCpu - from.storeCpu) / span) * 100)} %`;
    });
    console.log(`CPU use by phase: ${busy.filter((line) => !/^(search|done) /.test(line)).join('; ')}`);
    console.log(`CPU per event: rebuild ${((last.cpu * 1000) / EVENTS).toFixed(0)} µs, store ${((last.storeCpu * 1000) / EVENTS).toFixed(0)} µs (${(last.cpu / 1000).toFixed(0)} s and ${(last.storeCpu / 1000).toFixed(0)} s in ${(ms / 1000).toFixed(0)} s)`);
    console.log(`Figures: ${saveFigures('rebuild', { events: EVENTS, limits, bothCursors, ms, rate, phases, peak, final, samples }, quick ? '-quick' : '')}`);
  } finally {
    await local.stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
