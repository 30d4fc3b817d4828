// Projection throughput and lag (issue 12, item 7). On the embedded stack (FerretDB, Redis, MailDev on free loopback
// ports, throw-away data), with 1, 2 and 4 worker processes (`node workers/dist/main.js`), each on a fresh database:
//
//   1. A mixed stream of events offered at rising rates until the workers saturate: ≈70 % story like/unlike toggles,
//      15 % comments, 10 % replies, 5 % chapter events (mostly chapter.updated.v1, some chapter.published.v1),
//      appended through the backend's EventStore (the real append: partition positions, wake-ups) by this process, in
//      the exact event shapes the commands append. Per rate: events appended/s (the appender can be the limit: that
//      is reported), projected events/s (from the checkpoints: per partition the lowest of every projector's
//      checkpoint), lag (append acknowledged → every projector's checkpoint of the event's partition past its
//      position) p50/p95/p99 over sampled events, the queue depth (appended but not yet projected by every
//      projector, summed over the partitions) and how fast it grows, the workers' store commands per projected event,
//      and the CPU of the store, of each worker process and of this one (a share of one core each). A step whose depth keeps growing is saturation:
//      the rate is not raised further, and the projected events/s of that step are the sustained throughput. Then
//      appends stop and the workers project the backlog alone (DRAIN_SECONDS at most): events/s, read-model documents
//      written per event and per second against the store's bulk rate, store commands per event.
//   2. The cost of one more comment in a thread, and of one more reply in a reader's inbox, as the thread and inbox
//      grow towards 100,000 items (replies appended in bulk, in the stored shapes, then projected by the workers;
//      bounded in time, so it reports how far it got), with the first-page reads through a running API.
//
// Usage: node load-tests/bench/projections.mjs [--quick]   (build first: npx tsc -b). It starts its own services on
// free ports, so a running site is not disturbed; the load generator runs in this process, on the same CPUs as the
// store and the workers, so run it on a quiet machine. ≈20 minutes at most by default; --quick is a 1-2 minute smoke
// run. Overrides (environment): WORKERS=1,2,4  RATES=5,10,20,…  STEP_SECONDS  SETTLE_SECONDS  MAX_IN_FLIGHT
// SAMPLES_PER_SECOND  POLL_MS  CHAPTER_PUBLISH_SHARE  THREAD_SIZES=1000,10000,100000  THREAD_BUDGET_SECONDS
// THREAD_SAMPLES  THREAD_WORKERS  TOTAL_BUDGET_SECONDS  WORKER_NODE_ARGS (e.g. --cpu-prof --cpu-prof-dir=<folder>). The figures go to stdout and to
// load-tests/results/projections-<date>[-quick].json.
//
// The parts live in projections/: config (settings, formats), log-monitor (heads, checkpoints), store-reference,
// worker-processes, run-database, mixed-stream and scaling-run (phase 1), bulk-replies, thread-measures and thread-run
// (phase 2), report.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { LocalServices, root } from './lib/local-services.mjs';
import { CONFIG, deadline, fixed, int, log, MIX, QUICK, runStarted, secondsLeft } from './projections/config.mjs';
import { report } from './projections/report.mjs';
import { scalingRun } from './projections/scaling-run.mjs';
import { storeReference } from './projections/store-reference.mjs';
import { threadRun } from './projections/thread-run.mjs';

const result = {
  startedAt: new Date().toISOString(),
  config: CONFIG,
  mix: MIX,
  machine: { cpus: cpus().length, loadAverageStart: loadavg(), loadAverageEnd: null, dataDir: null, node: process.version },
  storeReference: null,
  scaling: [],
  thread: null,
  notes: [],
  durationSeconds: null,
  jsonFile: null,
};
let finished = false;
/** Writes the JSON and prints the report of whatever has been measured (also when a signal cuts the run short). */
function finish() {
  if (finished) return;
  finished = true;
  result.machine.loadAverageEnd = loadavg();
  result.durationSeconds = (Date.now() - runStarted) / 1000;
  const dir = join(root, 'load-tests/results');
  mkdirSync(dir, { recursive: true });
  result.jsonFile = join('load-tests/results', `projections-${result.startedAt.slice(0, 19).replaceAll(':', '-')}${QUICK ? '-quick' : ''}.json`);
  writeFileSync(join(root, result.jsonFile), `${JSON.stringify(result, null, 2)}\n`);
  console.log(report(result));
}
const local = new LocalServices('shelf-bench-projections-', {
  onSignal: (signal) => {
    result.notes.push(`interrupted by ${signal}: the figures above are what was measured until then`);
    finish();
  },
});
result.machine.dataDir = local.dataDir;
let exitCode = 0;
try {
  log(`Starting FerretDB, Redis and MailDev on free ports (data in ${local.dataDir})`);
  const services = { ...(await local.startServices()), authSecret: randomUUID() + randomUUID() };
  result.storeReference = await storeReference(services.storeUrl);
  const ref = result.storeReference;
  log(
    `Store reference: insert ${fixed(ref.insert.p50Ms, 2)} ms, replace ${fixed(ref.replace.p50Ms, 2)} ms (${int(ref.replace.perSecond)}/s one at a time, ${int(ref.replaceAt16.perSecond)}/s 16 at a time), ` +
      `read ${fixed(ref.read.p50Ms, 2)} ms (${int(ref.readAt16.perSecond)}/s 16 at a time); bulk: ${int(ref.bulkChangedPerSecond)} changed documents/s, ${int(ref.bulkInsertedPerSecond)} inserted/s`,
  );
  const threadBudget = Math.min(CONFIG.threadBudgetSeconds, CONFIG.totalBudgetSeconds * 0.45);
  const scalingStopBy = deadline - (threadBudget + 30) * 1000;
  for (const workers of CONFIG.workers) {
    if (Date.now() > scalingStopBy - 30_000) {
      result.notes.push(`skipped ${workers} worker process(es): time budget`);
      continue;
    }
    const run = {
      workers,
      projectors: [],
      steps: [],
      stopReason: 'interrupted',
      sustainedAtSaturationPerSecond: null,
      highestUnsaturatedRate: null,
      maxProjectedPerSecond: null,
      mixCounts: null,
      pollErrors: null,
      parked: null,
      parkedLogLines: [],
    };
    result.scaling.push(run);
    try {
      await scalingRun(local, services, run, scalingStopBy);
    } catch (error) {
      run.stopReason = 'failed';
      result.notes.push(`the run with ${workers} worker process(es) failed: ${error instanceof Error ? error.message : String(error)}`);
      log(`  failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
  if (CONFIG.threadSizes.length > 0) {
    try {
      result.thread = await threadRun(local, services, Math.max(20, Math.min(threadBudget, secondsLeft() - 20)), result);
    } catch (error) {
      result.notes.push(`the large thread/inbox run failed: ${error instanceof Error ? error.message : String(error)}`);
      log(`  failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
} catch (error) {
  exitCode = 1;
  result.notes.push(`the benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error(error);
} finally {
  finish();
  await local.stopAll();
}
process.exit(exitCode);
