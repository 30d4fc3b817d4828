// The capacity profile judges each step of arrival rate on its own: every metric is tagged with the step (0, 1, …)
// it was taken in, by the time it was taken (a request late in an iteration that began a step earlier counts for
// the step whose load it met).
import exec from 'k6/execution';
import { stepAt } from './plan.mjs';

const stepSeconds = Number(__ENV.STEP_SECONDS || 0);
const lastStep = (__ENV.CAPACITY_STEPS || '').split(',').filter(Boolean).length - 1;
let startedAt = 0;

/** When the steps began (setup's time). */
export function startSteps(at) {
  startedAt = at;
}

/** Tags what this virtual user measures from now on with the current step (in a capacity run). */
export function tagStep() {
  if (stepSeconds) exec.vu.metrics.tags.step = String(Math.min(stepAt(Date.now(), startedAt, stepSeconds), lastStep));
}
