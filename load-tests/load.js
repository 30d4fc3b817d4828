// The k6 script of `npm run load -- <journey|mix> <profile>` (load-tests/run.mjs runs it and prepares what it reads):
// its scenarios and thresholds come from lib/plan.mjs, each journey from its own module in journeys/.
// Environment: JOURNEY, PROFILE, RATE (arrivals per second at the base rate), HOLD_SECONDS (how long average or soak
// holds it), CAPACITY_STEPS and STEP_SECONDS (the capacity profile's rates), RUN_DATA (the catalog sample and
// readers), LEASE_URL, SUMMARY_FILE, BASE_URL.
import { check } from 'k6';
import { Counter } from 'k6/metrics';
import { authChurnJourney } from './journeys/auth-churn.js';
import { browseJourney } from './journeys/browse.js';
import { liveJourney } from './journeys/live.js';
import { readingJourney } from './journeys/reading.js';
import { searchJourney } from './journeys/search.js';
import { socialJourney } from './journeys/social.js';
import { scenariosOf, thresholdsOf } from './lib/plan.mjs';
import { startSteps, tagStep } from './lib/steps.js';

const run = {
  journey: __ENV.JOURNEY || 'mix',
  profile: __ENV.PROFILE || 'smoke',
  rate: __ENV.RATE ? Number(__ENV.RATE) : undefined,
  holdSeconds: __ENV.HOLD_SECONDS ? Number(__ENV.HOLD_SECONDS) : undefined,
  steps: (__ENV.CAPACITY_STEPS || '').split(',').filter(Boolean).map(Number),
  stepSeconds: Number(__ENV.STEP_SECONDS || 0),
};

export const options = {
  scenarios: scenariosOf(run),
  thresholds: thresholdsOf(run),
  summaryTrendStats: ['avg', 'med', 'p(90)', 'p(95)', 'p(99)', 'max', 'count'],
};

/** When the scenarios start: the capacity steps are counted from here. */
export function setup() {
  return { startedAt: Date.now() };
}

/** Iterations begun, counted as they begin (k6's `iterations` counts them as they end). */
const arrivals = new Counter('arrivals');

/**
 * A journey whose metrics carry their capacity step (lib/steps.js), and whose script errors count as failed checks
 * (k6 itself only logs them), so that its thresholds catch them.
 */
const journey = (run) => async (data) => {
  startSteps(data.startedAt);
  tagStep();
  arrivals.add(1);
  try {
    await run(data);
  } catch (error) {
    check(null, { 'journey ran to its end': () => false });
    throw error;
  }
};

export const browse = journey(browseJourney);
export const search = journey(searchJourney);
export const reading = journey(readingJourney);
export const social = journey(socialJourney);
export const authChurn = journey(authChurnJourney);
export const live = journey(liveJourney);

/** The whole summary as JSON, for the runner's report (which prints its own table). */
export function handleSummary(data) {
  return { [__ENV.SUMMARY_FILE]: JSON.stringify(data, null, 1) };
}
