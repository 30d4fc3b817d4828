// npm run load -- mix capacity: the highest arrival rate of the mixed journey this machine serves with p95 < 200 ms
// and under 0.1 % of requests failed (lib/plan.mjs CAPACITY), and where the CPU goes at that rate. Rising steps of
// arrival rate, each held for a while and judged on its own requests, in k6 runs of a few steps (each run aborts at
// its first failing step): first coarse steps (×1.5; a failing one is tried once more), then finer ones between
// the highest that held and the lowest above it that did not. Bounded: about 10 minutes on a 2-core machine.
import console from 'node:console';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { CAPACITY, churnPoolSize, readerPools, runSecondsOf, scenariosOf } from '../lib/plan.mjs';
import { cpuRows, runK6Once } from './one-run.mjs';
import { valuesOf, writeReport } from './report.mjs';
import { writeRunData } from './run-data.mjs';

const COARSE = { first: 2, factor: 1.5, stepSeconds: 30, stepsPerRun: 3, max: Number(process.env.CAPACITY_MAX ?? 100) };
const FINE = { steps: 4, stepSeconds: 40 };
/** The first seconds of a step (the ramp to its rate and a settling time) are left out of its CPU figures. */
const CPU_SETTLE_SECONDS = 10;

/** The names of a k6 run's files in the results folder start with its label. */
const filePrefix = (label) => `${label.replaceAll(' ', '-')}-`;

/** Runs one k6 run of `rates` steps; resolves with each step's figures. */
async function runSteps({ site, stock, books, dataFile, dir }, rates, stepSeconds, label) {
  const plan = { journey: 'mix', profile: 'capacity', steps: rates, stepSeconds };
  const scenarios = scenariosOf(plan);
  const readers = await stock.forRun({ ...readerPools(scenarios), churn: churnPoolSize(scenarios['auth-churn']) }, runSecondsOf(scenarios));
  writeRunData(dataFile, { books, churnReaders: readers.churn });
  console.log(`\n${label}: ${rates.map((rate) => rate.toFixed(1)).join(', ')} arrivals/s, ${stepSeconds} s each`);
  const env = { JOURNEY: 'mix', PROFILE: 'capacity', RUN_DATA: dataFile, CAPACITY_STEPS: rates.join(','), STEP_SECONDS: String(stepSeconds) };
  const { summary, cpu } = await runK6Once(site, readers, env, dir, filePrefix(label));
  const startedAt = summary.setup_data.startedAt;
  return rates
    .map((rate, step) => {
      const duration = valuesOf(summary, `http_req_duration{step:${step}}`);
      const delivery = valuesOf(summary, `live_comment_delivery{step:${step}}`);
      const from = startedAt + step * stepSeconds * 1000;
      return {
        rate,
        requests: valuesOf(summary, `http_reqs{step:${step}}`).count ?? 0,
        arrivals: valuesOf(summary, `arrivals{step:${step}}`).count ?? 0,
        p95: duration['p(95)'],
        p99: duration['p(99)'],
        failed: valuesOf(summary, `http_req_failed{step:${step}}`).rate,
        delivery: delivery.count ? delivery['p(95)'] : undefined,
        stepSeconds,
        cpu: cpu.usage(from + CPU_SETTLE_SECONDS * 1000, from + stepSeconds * 1000),
      };
    })
    .filter((step) => step.requests > 0)
    .map((step) => ({ ...step, held: step.p95 < CAPACITY.p95 && step.failed < CAPACITY.errors && step.arrivals >= 0.9 * step.rate * (step.stepSeconds - CAPACITY.rampSeconds) }));
}

const highestHeld = (steps) => steps.filter((step) => step.held).sort((a, b) => b.rate - a.rate)[0];
const lowestFailedAbove = (steps, rate) => steps.filter((step) => !step.held && step.rate > rate).sort((a, b) => a.rate - b.rate)[0];

/** Runs the search; writes capacity.json and report.html into `dir`. */
export async function findCapacity(context) {
  const ladder = [];
  for (let rate = COARSE.first; rate <= COARSE.max; rate *= COARSE.factor) ladder.push(Math.round(rate * 10) / 10);
  const steps = [];
  const runs = [];
  // A step that fails is run once more (the next run starts with it) before the search believes it: a busy
  // neighbour on the machine can spoil one step.
  const retried = new Set();
  for (let next = 0; next < ladder.length; ) {
    const rates = ladder.slice(next, next + COARSE.stepsPerRun);
    const label = `coarse steps ${next + 1}-${next + rates.length}`;
    runs.push(label);
    const measured = await runSteps(context, rates, COARSE.stepSeconds, label);
    steps.push(...measured);
    const failed = measured.findIndex((step) => !step.held);
    if (failed === -1 && measured.length === rates.length) {
      next += rates.length;
      continue;
    }
    const at = next + (failed === -1 ? measured.length : failed);
    if (retried.has(at)) break;
    retried.add(at);
    next = at;
  }
  // Finer steps between the highest rate that held and the lowest above it that did not.
  const low = highestHeld(steps)?.rate ?? 0;
  const ceiling = lowestFailedAbove(steps, low);
  if (ceiling) {
    const fine = Array.from({ length: FINE.steps }, (_, k) => Math.round((low + ((k + 1) * (ceiling.rate - low)) / (FINE.steps + 1)) * 10) / 10);
    runs.push('fine steps');
    steps.push(...(await runSteps(context, fine, FINE.stepSeconds, 'fine steps')));
  }
  const best = highestHeld(steps);
  report(context.dir, steps, best, best ? lowestFailedAbove(steps, best.rate) : steps.find((step) => !step.held), runs);
}

function report(dir, steps, best, firstFailed, runs) {
  writeFileSync(join(dir, 'capacity.json'), JSON.stringify({ criterion: CAPACITY, best: best ?? null, steps }, null, 1));
  const ms = (value) => (value === undefined ? '–' : `${value.toFixed(0)} ms`);
  const rows = [...steps]
    .sort((a, b) => a.rate - b.rate)
    .map((step) => [
      step.rate.toFixed(1),
      (step.arrivals / step.stepSeconds).toFixed(1),
      (step.requests / step.stepSeconds).toFixed(0),
      ms(step.p95),
      ms(step.p99),
      `${(100 * (step.failed ?? 0)).toFixed(2)} %`,
      ms(step.delivery),
      step.cpu ? `${step.cpu.machine.toFixed(0)} %` : '–',
      step.cpu ? `${Math.max(0, step.cpu.machine - Object.values(step.cpu.roles).reduce((a, b) => a + b, 0)).toFixed(0)} %` : '–',
      step.held ? 'held' : 'failed step',
    ]);
  const figure = best
    ? `${best.rate.toFixed(1)} arrivals/s of the mixed journey (${(best.requests / best.stepSeconds).toFixed(0)} HTTP requests/s), p95 ${ms(best.p95)}, ${(100 * best.failed).toFixed(2)} % failed`
    : 'none: even the first step failed';
  writeReport(join(dir, 'report.html'), {
    title: 'Capacity of the mixed journey',
    facts: [
      ['criterion', `every HTTP request of a step: p95 < ${CAPACITY.p95} ms, failed < ${100 * CAPACITY.errors} %, and at least 90 % of the step's arrivals started`],
      ['capacity', figure],
      ['next step, over the limit', firstFailed ? `${firstFailed.rate.toFixed(1)} arrivals/s` : `none up to ${steps.at(-1)?.rate} arrivals/s (CAPACITY_MAX)`],
    ],
    sections: [
      {
        heading: 'Steps',
        columns: ['offered arrivals/s', 'arrivals/s begun', 'HTTP req/s', 'p95', 'p99', 'failed', 'live comment p95', 'machine CPU', 'of which not the site or k6', 'result'],
        rows,
      },
      { heading: `CPU at the capacity (${best ? best.rate.toFixed(1) : '–'} arrivals/s), percent of one core`, columns: ['process', 'CPU'], rows: cpuRows(best?.cpu) },
    ],
    links: [
      ['capacity.json', 'capacity.json'],
      ...runs
        .filter((label) => existsSync(join(dir, `${filePrefix(label)}dashboard.html`)))
        .map((label) => [`k6 dashboard report: ${label}`, `${filePrefix(label)}dashboard.html`]),
    ],
  });
}
