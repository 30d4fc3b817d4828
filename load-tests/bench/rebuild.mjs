// Rebuild rate (issue 12, item 7): `npm run projections:rebuild` over a large log on the embedded stack (FerretDB,
// Redis, MailDev on free loopback ports, throw-away data). It writes a log of EVENTS events in the stored shapes
// (events, their partition positions, the partitions' heads) — 80 % story like/unlike toggles by many readers on
// many books, 16 % comments in many threads, 4 % replies — then runs the rebuild command as an operator does and
// samples its resident memory. It prints the events/s of the rebuild, the peak memory, and memory at each quarter.
//
// Usage: node load-tests/bench/rebuild.mjs [--quick]   (build first: npx tsc -b). EVENTS=1000000 by default;
// --quick writes 50,000. Run it on a quiet machine: the store, the rebuild and this process share the CPUs.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { LocalServices, root } from './lib/local-services.mjs';
import { writeSyntheticLog } from './lib/synthetic-log.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require('mongodb');

const quick = process.argv.includes('--quick');
const EVENTS = Number(process.env.EVENTS ?? (quick ? 50_000 : 1_000_000));
const READERS = 20_000;
const BOOKS = 2_000;
const THREADS = 5_000;
const BATCH = 5_000;

const int = (n) => Math.round(n).toLocaleString('en-US');
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

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

/** Runs the rebuild command; resolves with its time and memory samples (resident set size, every 500 ms). */
function runRebuild(env) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [join(root, 'workers/dist/rebuild/main.js')], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    const samples = [];
    let output = '';
    let rebuiltAt = null;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const last = String(chunk).trim().split('\n').at(-1);
      if (last) process.stdout.write(`\r${last.padEnd(80)}`);
      if (rebuiltAt === null && /Rebuilt /.test(output)) rebuiltAt = Date.now();
    });
    const timer = setInterval(() => {
      try {
        const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (rss) samples.push({ at: Date.now() - started, rss: Number(rss[1]) * 1024 });
      } catch {
        // The process has just exited.
      }
    }, 500);
    child.once('exit', (code) => {
      clearInterval(timer);
      if (code !== 0) reject(new Error(`the rebuild exited with ${code}`));
      else resolve({ ms: (rebuiltAt ?? Date.now()) - started, samples, output });
    });
  });
}

async function main() {
  const local = new LocalServices('shelf-rebuild-bench-');
  try {
    const services = await local.startServices();
    const env = {
      MONGO_URL: `${services.storeUrl}rebuild_bench`,
      REDIS_URL: services.redisUrl,
      SMTP_URL: services.smtpUrl,
      QUEUE_PREFIX: 'rebuild-bench',
      AUTH_SECRET: randomUUID() + randomUUID(),
      PUBLIC_URL: 'http://127.0.0.1:9',
    };
    const client = await MongoClient.connect(env.MONGO_URL);
    await writeLog(client.db());
    await client.close();
    const { ms, samples } = await runRebuild(env);
    const peak = Math.max(...samples.map((sample) => sample.rss));
    const quarters = [0.25, 0.5, 0.75, 1].map((q) => samples[Math.min(samples.length - 1, Math.floor(q * (samples.length - 1)))]?.rss ?? 0);
    console.log(`\nRebuild of a ${int(EVENTS)}-event log: ${(ms / 1000).toFixed(1)} s, ${int(EVENTS / (ms / 1000))} events/s`);
    console.log(`Resident memory: peak ${mb(peak)}; at each quarter of the run ${quarters.map(mb).join(', ')}`);
  } finally {
    await local.stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
