// The load plan: the journeys, their share of the mixed journey, the profiles' arrival rates over time and the
// thresholds that judge a run. Pure data and arithmetic, shared by the k6 script (load.js builds its options here)
// and the runner (run.mjs sizes the reader pools and the capacity search from it).

/**
 * Each journey: the function load.js exports for it, its share of the mixed journey's arrivals, about how long one
 * iteration lasts in seconds (think times included; it sizes the virtual users an arrival rate needs), and its
 * thresholds: p95 of its HTTP requests in ms, at most `errors` of them failed, and any of its own metrics.
 */
const JOURNEYS = {
  browse: { exec: 'browse', share: 0.3, seconds: 8, p95: 200, errors: 0.01 },
  search: { exec: 'search', share: 0.2, seconds: 7, p95: 200, errors: 0.01 },
  reading: { exec: 'reading', share: 0.25, seconds: 14, p95: 200, errors: 0.01 },
  // Writes append to the event log in the store.
  social: { exec: 'social', share: 0.12, seconds: 9, p95: 400, errors: 0.01 },
  // Logging in hashes the password (argon2id) on purpose: it is the slowest request of the site.
  'auth-churn': { exec: 'authChurn', share: 0.08, seconds: 3, p95: 600, errors: 0.01 },
  live: {
    exec: 'live',
    share: 0.05,
    seconds: 13,
    p95: 400,
    errors: 0.01,
    metrics: {
      live_connect: ['p(95)<500'],
      live_comment_delivery: ['p(95)<1500'],
      live_reply_badge_delivery: ['p(95)<2000'],
      live_delivered: ['rate>0.99'],
    },
  },
};

/** The journeys that act as a signed-in reader, and how many readers one virtual user of each holds. */
const READERS_PER_VU = { social: 1, live: 2 };

/** Seeded readers' usernames start with their pool's prefix (the social journey leaves live readers' comments alone). */
export const READER_NAME_PREFIX = { social: 'Social-', live: 'Live-', churn: 'Churn-' };

/** Arrivals per second of the mixed journey at the `average` profile; RATE overrides it (the other profiles scale with it). */
const BASE_RATE = 4;

/** A live session stays this many seconds after its deliveries, as a reader on the page would (smoke: briefly). */
export const LIVE_DWELL_SECONDS = { smoke: 2, default: 10 };

/**
 * Each profile's arrival rate over time as [seconds, multiple of the base rate] stages, ramped linearly from the
 * previous one (k6's ramping-arrival-rate); smoke and capacity have their own (SMOKE, and the capacity steps). `held`:
 * the stage that holds the rate, whose length HOLD_SECONDS changes.
 */
export const PROFILES = {
  smoke: { description: 'a few arrivals of each journey for 30 s, to check that everything works (under 60 s)' },
  average: {
    description: 'the usual day: ramp to the base rate in 30 s, hold it 3 minutes, ramp down',
    stages: [[30, 1], [180, 1], [20, 0]],
    held: 1,
  },
  stress: {
    description: 'above the usual: 1×, 2× then 3× the base rate, 90 s each, with ramps',
    stages: [[30, 1], [60, 1], [20, 2], [70, 2], [20, 3], [70, 3], [20, 0]],
  },
  spike: {
    description: 'a sudden crowd: the base rate, then 5× within 10 s for a minute, then back',
    stages: [[20, 1], [40, 1], [10, 5], [60, 5], [10, 1], [60, 1], [10, 0]],
  },
  soak: {
    description: 'the base rate held for 20 minutes (access tokens expire and are refreshed on the way)',
    stages: [[60, 1], [1200, 1], [30, 0]],
    held: 1,
  },
  capacity: { description: 'mix only: rising steps of arrival rate, to find the highest that keeps p95 < 200 ms and errors < 0.1 %' },
};

/** The capacity criterion, over every HTTP request of a step. */
export const CAPACITY = { p95: 200, errors: 0.001, rampSeconds: 5 };

/**
 * The smoke profile: a few arrivals per minute of each journey for 30 s; the live journey as two sessions at once,
 * so that both readers' comments are timed (one virtual user's next session would wait out its cooldown).
 */
const SMOKE = { seconds: 30, perMinute: { browse: 8, search: 8, reading: 4, social: 8, 'auth-churn': 12 }, live: { vus: 2, iterations: 1 } };

/** The journeys a run drives: one, or all of them for `mix`. */
export function journeysOf(name) {
  if (name === 'mix') return Object.keys(JOURNEYS);
  if (!JOURNEYS[name]) throw new Error(`unknown journey "${name}": one of ${Object.keys(JOURNEYS).join(', ')} or mix`);
  return [name];
}

/** Refuses an unknown journey or profile; the journeys of the run. */
export function checkRun(journey, profile) {
  if (!PROFILES[profile]) throw new Error(`unknown profile "${profile}": one of ${Object.keys(PROFILES).join(', ')}`);
  if (profile === 'capacity' && journey !== 'mix') throw new Error('the capacity profile runs the mixed journey: npm run load -- mix capacity');
  return journeysOf(journey);
}

/** A journey's share of the run's arrivals: all of them when it runs alone. */
const shareOf = (journey, journeys) => (journeys.length === 1 ? 1 : JOURNEYS[journey].share);

/** Virtual users for `peak` arrivals per second of a journey: enough for iterations that take half as long again. */
const vusFor = (journey, peak) => Math.ceil(peak * JOURNEYS[journey].seconds * 1.5) + 2;

/** The per-second arrival stages of a profile (or of capacity steps) as k6 ramping-arrival-rate stages, per minute. */
const perMinute = (stages, share) => stages.map(([seconds, rate]) => ({ duration: `${seconds}s`, target: Math.round(rate * share * 60) }));

/** A profile's stages at `rate` arrivals per second, its held stage lasting `holdSeconds` when given. */
function stagesOf(profile, rate, holdSeconds) {
  const { stages, held } = PROFILES[profile];
  if (holdSeconds !== undefined && held === undefined) throw new Error(`HOLD_SECONDS: the ${profile} profile holds no rate`);
  return stages.map(([seconds, multiple], stage) => [stage === held && holdSeconds !== undefined ? holdSeconds : seconds, multiple * rate]);
}

/**
 * The k6 scenarios of a run, one per journey, each tagged with its journey.
 * @param {{ journey: string, profile: string, rate?: number, holdSeconds?: number, steps?: number[], stepSeconds?: number }} run
 *   `holdSeconds`: how long the average or soak profile holds its rate; `steps`/`stepSeconds`: the capacity profile's
 *   arrival rates (per second) and how long each is held.
 */
export function scenariosOf({ journey, profile, rate = BASE_RATE, holdSeconds, steps = [], stepSeconds = 0 }) {
  const journeys = checkRun(journey, profile);
  const stages =
    profile === 'capacity'
      ? steps.flatMap((stepRate) => [[CAPACITY.rampSeconds, stepRate], [stepSeconds - CAPACITY.rampSeconds, stepRate]])
      : profile === 'smoke'
        ? undefined
        : stagesOf(profile, rate, holdSeconds);
  const scenarios = {};
  for (const name of journeys) {
    const common = { exec: JOURNEYS[name].exec, tags: { journey: name }, gracefulStop: `${JOURNEYS[name].seconds + 10}s` };
    if (profile === 'smoke') {
      const perMinute = SMOKE.perMinute[name];
      const vus = vusFor(name, perMinute / 60);
      scenarios[name] = perMinute
        ? { ...common, executor: 'constant-arrival-rate', rate: perMinute, timeUnit: '1m', duration: `${SMOKE.seconds}s`, preAllocatedVUs: vus, maxVUs: vus }
        : { ...common, executor: 'per-vu-iterations', ...SMOKE.live, maxDuration: `${SMOKE.seconds}s` };
      continue;
    }
    const share = shareOf(name, journeys);
    const peak = Math.max(...stages.map(([, perSecond]) => perSecond)) * share;
    const maxVUs = vusFor(name, peak);
    scenarios[name] = {
      ...common,
      executor: 'ramping-arrival-rate',
      startRate: 0,
      timeUnit: '1m',
      stages: perMinute(stages, share),
      // All made before the run: a virtual user made during it costs an arrival (k6 drops it meanwhile).
      preAllocatedVUs: maxVUs,
      maxVUs,
    };
  }
  return scenarios;
}

/** How long a scenario's arrivals go on, in seconds (without its graceful stop). */
const secondsOf = (scenario) =>
  scenario.stages ? scenario.stages.reduce((total, stage) => total + parseInt(stage.duration, 10), 0) : parseInt(scenario.duration ?? scenario.maxDuration, 10);

/** The longest a run of these scenarios may take, in seconds, graceful stops included. */
export const runSecondsOf = (scenarios) => Math.max(...Object.values(scenarios).map((scenario) => secondsOf(scenario) + parseInt(scenario.gracefulStop, 10)));

/** The largest number of virtual users each scenario may use: `vus` or `maxVUs`. */
const maxVUsOf = (scenario) => scenario.maxVUs ?? scenario.vus;

/** How many signed-in readers each pool must hold for these scenarios (a virtual user keeps its readers). */
export function readerPools(scenarios) {
  const pools = { social: 0, live: 0 };
  for (const [name, scenario] of Object.entries(scenarios)) if (READERS_PER_VU[name]) pools[name] += maxVUsOf(scenario) * READERS_PER_VU[name];
  return pools;
}

/**
 * Readers for the authentication churn, used in turn: enough that none logs in more than 8 times in 10 minutes
 * (the site refuses an account's 11th log-in in 10 minutes).
 */
export function churnPoolSize(scenario) {
  if (!scenario) return 0;
  const peakPerSecond = scenario.stages ? Math.max(...scenario.stages.map((stage) => stage.target)) / 60 : scenario.rate / 60;
  return Math.ceil((peakPerSecond * Math.min(secondsOf(scenario), 600)) / 8) + 1;
}

/** The thresholds of a run: each journey's, or for capacity, each step's (aborting the run once a step fails). */
export function thresholdsOf({ journey, profile, steps = [], stepSeconds = 0 }) {
  const thresholds = {};
  if (profile === 'capacity') {
    steps.forEach((_, step) => {
      const judged = (threshold) => [{ threshold, abortOnFail: true, delayAbortEval: `${Math.round((step + 0.5) * stepSeconds)}s` }];
      thresholds[`http_req_duration{step:${step}}`] = judged(`p(95)<${CAPACITY.p95}`);
      thresholds[`http_req_failed{step:${step}}`] = judged(`rate<${CAPACITY.errors}`);
      // Not judged: listed so that the summary reports them per step.
      thresholds[`http_reqs{step:${step}}`] = ['count>=0'];
      thresholds[`arrivals{step:${step}}`] = ['count>=0'];
      thresholds[`live_comment_delivery{step:${step}}`] = ['p(95)>=0'];
    });
    return thresholds;
  }
  for (const name of journeysOf(journey)) {
    const { p95, errors, metrics = {} } = JOURNEYS[name];
    thresholds[`http_req_duration{journey:${name}}`] = [`p(95)<${p95}`];
    thresholds[`http_req_failed{journey:${name}}`] = [`rate<${errors}`];
    thresholds[`checks{journey:${name}}`] = [`rate>${1 - errors}`];
    for (const [metric, rules] of Object.entries(metrics)) thresholds[metric] = rules;
  }
  return thresholds;
}

/** The capacity step (0, 1, …) a moment falls in, `startedAt` being when the steps began. */
export const stepAt = (now, startedAt, stepSeconds) => Math.max(0, Math.floor((now - startedAt) / (stepSeconds * 1000)));
