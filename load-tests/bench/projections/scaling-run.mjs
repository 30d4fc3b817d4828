// Phase 1 of the projections benchmark: the mixed stream offered at rising rates to N worker processes, each rate a
// step measured for appends, projection, lag, queue depth, store commands and CPU, until the workers saturate.
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { closeDatabase } from '../lib/bench-database.mjs';
import { makeReaders } from '../lib/comments.mjs';
import { quantile, slopePerSecond } from '../lib/figures.mjs';
import { root } from '../lib/local-services.mjs';
import { CpuShares, storePidOf } from '../lib/process-cpu.mjs';
import { CONFIG, fixed, int, log, ms, READER_NAME, sleep } from './config.mjs';
import { LogMonitor, positionOf } from './log-monitor.mjs';
import { createMix } from './mixed-stream.mjs';
import { openRunDatabase, seedRunCatalog } from './run-database.mjs';
import { parkedLines, startWorkers, StoreCommands, stopProcs, waitForProjectors } from './worker-processes.mjs';

const require = createRequire(import.meta.url);
const { ProjectionCollection, partitionKey, partitionOf } = require(join(root, 'contracts/dist/index.js'));
const { projectionLag } = require(join(root, 'workers/dist/engine/index.js'));

async function runStep(database, monitor, mix, rate, seconds) {
  const sampleEvery = Math.max(1, Math.round(rate / CONFIG.samplesPerSecond));
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const load = loadavg()[0];
  const inFlight = new Set();
  const appendMs = [];
  const lagWaits = [];
  let issued = 0;
  let acked = 0;
  let failed = 0;
  let firstError = null;

  const t0 = performance.now();
  const projected0 = monitor.projected();
  const byProjector0 = monitor.projectedByProjector();
  const durationMs = seconds * 1000;
  for (let now = t0; now - t0 < durationMs; now = performance.now()) {
    let due = Math.floor((rate * (now - t0)) / 1000) - issued;
    while (due-- > 0 && inFlight.size < CONFIG.maxInFlight) {
      const op = mix.next();
      const sampled = ++issued % sampleEvery === 0;
      const started = performance.now();
      const append = database.store
        .append(op.streamId, op.expectedVersion, op.events, op.metadata)
        .then(async ([event]) => {
          const ackedAt = performance.now();
          appendMs.push(ackedAt - started);
          acked++;
          op.done(true);
          if (!sampled) return;
          const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
          const seq = await positionOf(database.db, partition, event.id);
          lagWaits.push({ ackedAt, projected: monitor.projectedAt(partition, seq) });
        })
        .catch((error) => {
          failed++;
          firstError ??= error instanceof Error ? error.message : String(error);
          op.done(false);
        })
        .finally(() => inFlight.delete(append));
      inFlight.add(append);
    }
    await sleep(2);
  }
  const issueEnd = performance.now();
  const projectedEnd = monitor.projected();
  const byProjectorEnd = monitor.projectedByProjector();
  const perProjectorAtEnd = projectionLag(database.db, monitor.projectors).catch(() => null);
  await Promise.race([Promise.allSettled([...inFlight]), sleep(15_000)]);
  const windowSeconds = (issueEnd - t0) / 1000;

  // Lags: wait (bounded) for the sampled events; one not projected by then counts with the time it has waited.
  const settleUntil = performance.now() + CONFIG.settleSeconds * 1000;
  const lags = [];
  let unresolved = 0;
  for (const { ackedAt, projected } of lagWaits) {
    const at = await Promise.race([projected, sleep(Math.max(0, settleUntil - performance.now())).then(() => null)]);
    if (at === null) unresolved++;
    lags.push((at ?? performance.now()) - ackedAt);
  }
  loopDelay.disable();

  const points = monitor.series.filter((p) => p.t >= t0 + durationMs * 0.25 && p.t <= issueEnd).map((p) => ({ t: p.t, y: p.depth }));
  const inStep = monitor.series.filter((p) => p.t >= t0 && p.t <= issueEnd);
  const depthStart = inStep[0]?.depth ?? null;
  const depthEnd = inStep.at(-1)?.depth ?? null;
  const growth = slopePerSecond(points);
  const appendedPerSecond = acked / windowSeconds;
  const projectedPerSecond = (projectedEnd - projected0) / windowSeconds;
  const p50 = quantile(lags, 0.5);
  // Saturation: the depth keeps growing through the step (beyond noise) and holds more than a second's worth of events,
  // or half the sampled events wait more than 5 s.
  const saturated = (growth > Math.max(0.05 * rate, 2) && (depthEnd ?? 0) > Math.max(20, rate)) || (p50 ?? 0) > 5000;
  const appenderLimited = appendedPerSecond < 0.9 * rate;
  const perProjector = await perProjectorAtEnd;
  const slowest = perProjector ? Object.entries(perProjector).sort((a, b) => b[1] - a[1])[0] : null;
  return {
    offeredPerSecond: rate,
    seconds: windowSeconds,
    issued,
    appended: acked,
    failedAppends: failed,
    firstError,
    appendedPerSecond,
    appendMs: { p50: quantile(appendMs, 0.5), p99: quantile(appendMs, 0.99) },
    projectedPerSecond,
    projectedPerSecondByProjector: Object.fromEntries(Object.entries(byProjectorEnd).map(([name, n]) => [name, (n - (byProjector0[name] ?? 0)) / windowSeconds])),
    lagMs: { samples: lags.length, unresolved, p50, p95: quantile(lags, 0.95), p99: quantile(lags, 0.99), max: quantile(lags, 1) },
    depth: { start: depthStart, end: depthEnd, growthPerSecond: growth },
    lagByProjectorAtStepEnd: perProjector,
    slowestProjector: slowest && slowest[1] > 0 ? slowest[0] : null,
    saturated,
    appenderLimited,
    benchEventLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    loadAverage1m: load,
  };
}

/** Appends the mix as fast as MAX_IN_FLIGHT appends at once allow until `enough()` or the time is up. */
async function appendBurst(database, mix, enough, until) {
  const inFlight = new Set();
  while (!enough() && performance.now() < until) {
    while (inFlight.size < CONFIG.maxInFlight) {
      const op = mix.next();
      const append = database.store
        .append(op.streamId, op.expectedVersion, op.events, op.metadata)
        .then(() => op.done(true), () => op.done(false))
        .finally(() => inFlight.delete(append));
      inFlight.add(append);
    }
    await Promise.race(inFlight);
  }
  await Promise.allSettled([...inFlight]);
}

/**
 * A backlog of DRAIN_BACKLOG events (appended as fast as the appender can), then, with appends stopped, projected by
 * the workers alone: events and read-model documents per second (the issue's measure: an event counts as the
 * documents it changes), store commands per event.
 */
async function drainBacklog(database, monitor, mix, commands, cpu, stopBy) {
  // `stopBy` is wall-clock time (Date.now()); these bounds are performance.now() time.
  const left = () => stopBy - Date.now();
  await appendBurst(database, mix, () => monitor.depth() >= CONFIG.drainBacklog, performance.now() + Math.min(left() - 30_000, 60_000));
  await sleep(1100); // the workers' summary of the burst, not counted
  commands.take();
  cpu.start();
  const t0 = performance.now();
  const projected0 = monitor.projected();
  const depthStart = monitor.depth();
  const until = t0 + Math.min(left() - 5000, CONFIG.drainSeconds * 1000);
  while (monitor.depth() > 0 && performance.now() < until) await sleep(100);
  const seconds = (performance.now() - t0) / 1000;
  const events = monitor.projected() - projected0;
  await sleep(1100); // the workers' last summary
  const counted = commands.take();
  const perEvent = (n) => n / Math.max(1, events);
  return {
    depthStart,
    depthEnd: monitor.depth(),
    seconds,
    events,
    eventsPerSecond: events / seconds,
    documentsPerEvent: perEvent(counted.readModelDocuments),
    documentsPerSecond: counted.readModelDocuments / seconds,
    readsPerEvent: perEvent(counted.reads),
    writesPerEvent: perEvent(counted.writes),
    byCollection: counted.byCollection,
    cpuShares: cpu.take(),
  };
}

/** Fills `run` (already in the result, so an interrupted run still reports its finished steps). */
export async function scalingRun(local, services, run, stopBy) {
  const workerCount = run.workers;
  const name = `bench_projections_n${workerCount}`;
  log(`${workerCount} worker process(es): seeding a catalog of ${CONFIG.books} books in a fresh database (${name})`);
  const database = await openRunDatabase(services, name);
  let procs = [];
  let monitor;
  try {
    const chapters = await seedRunCatalog(database.commands, CONFIG.books);
    const commands = new StoreCommands();
    procs = await startWorkers(local, database.env, workerCount, commands);
    const cpu = new CpuShares({ store: storePidOf(local), ...Object.fromEntries(procs.map((proc) => [proc.name, proc.child.pid])) });
    run.projectors = await waitForProjectors(database.db);
    const drainedSeed = await new LogMonitor(database.db, run.projectors).drained(120_000);
    if (!drainedSeed) log(`  the seed was not projected within 120 s (continuing)`);
    monitor = new LogMonitor(database.db, run.projectors);
    await monitor.start();
    const mix = createMix(chapters, makeReaders(CONFIG.readers, READER_NAME));
    run.mixCounts = mix.counts;
    const summarise = () => {
      const saturatedStep = run.steps.find((s) => s.saturated);
      const sustainable = run.steps.filter((s) => !s.saturated && !s.appenderLimited);
      run.sustainedAtSaturationPerSecond = saturatedStep?.projectedPerSecond ?? null;
      run.highestUnsaturatedRate = sustainable.at(-1)?.offeredPerSecond ?? null;
      run.maxProjectedPerSecond = Math.max(0, ...run.steps.map((s) => s.projectedPerSecond));
    };
    run.stopReason = 'all rates offered';
    for (const rate of CONFIG.rates) {
      if (Date.now() + (CONFIG.stepSeconds + CONFIG.settleSeconds + 15) * 1000 > stopBy) {
        run.stopReason = 'time budget';
        break;
      }
      commands.take();
      cpu.start();
      const step = await runStep(database, monitor, mix, rate, CONFIG.stepSeconds);
      await sleep(1100); // the workers' last summary of the step
      const counted = commands.take();
      // Shares of one core over the step: the store, each worker process, and this one (the appender and the monitor).
      step.cpuShares = cpu.take();
      const projected = Math.max(1, step.projectedPerSecond * CONFIG.stepSeconds);
      step.storeCommands = { ...counted, readsPerEvent: counted.reads / projected, writesPerEvent: counted.writes / projected };
      run.steps.push(step);
      summarise();
      const flag = step.saturated ? ' SATURATED' : step.appenderLimited ? ' (appender-limited)' : '';
      log(
        `  N=${workerCount} offered ${rate}/s: appended ${fixed(step.appendedPerSecond)}/s, projected ${fixed(step.projectedPerSecond)}/s, ` +
          `lag p50 ${ms(step.lagMs.p50)} p99 ${ms(step.lagMs.p99)}, depth ${int(step.depth.start)}→${int(step.depth.end)}${flag}`,
      );
      if (step.saturated) {
        run.stopReason = 'saturated';
        break;
      }
      if (step.appenderLimited) {
        run.stopReason = 'appender-limited';
        break;
      }
    }
    if (run.stopReason === 'saturated') {
      run.drain = await drainBacklog(database, monitor, mix, commands, cpu, stopBy);
      const d = run.drain;
      log(`  N=${workerCount} appends stopped: ${int(d.events)} events of the backlog projected in ${fixed(d.seconds)} s (${fixed(d.eventsPerSecond)}/s, ${fixed(d.documentsPerSecond)} read-model documents/s)`);
    }
    run.pollErrors = monitor.pollErrors;
    run.parked = await database.db.collection(ProjectionCollection.Parked).countDocuments({});
    run.parkedLogLines = parkedLines(procs).slice(0, 5);
  } finally {
    await monitor?.stop();
    await stopProcs(local, procs);
    await closeDatabase(database);
  }
}
