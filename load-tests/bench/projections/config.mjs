// The projections benchmark's settings (command-line flag and environment overrides), its clock and its number formats.
export const QUICK = process.argv.includes('--quick');
const list = (name, fallback) => (process.env[name] ? process.env[name].split(',').map(Number) : fallback);
const num = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
export const CONFIG = {
  quick: QUICK,
  workers: list('WORKERS', QUICK ? [1, 2] : [1, 2, 4]),
  rates: list('RATES', QUICK ? [10, 40, 160] : [5, 10, 20, 40, 80, 160, 320, 640, 1280]),
  stepSeconds: num('STEP_SECONDS', QUICK ? 5 : 15),
  settleSeconds: num('SETTLE_SECONDS', QUICK ? 5 : 10),
  /**
   * After saturation: appended as fast as the appender can until this many events wait, then appends stop and the
   * workers project the backlog alone, for DRAIN_SECONDS at most.
   */
  drainBacklog: num('DRAIN_BACKLOG', QUICK ? 1000 : 4000),
  drainSeconds: num('DRAIN_SECONDS', QUICK ? 15 : 60),
  books: QUICK ? 4 : 8,
  /** Readers who like, comment and reply: few enough that like streams toggle (like, unlike, like…) over a run. */
  readers: 400,
  maxInFlight: num('MAX_IN_FLIGHT', 64),
  samplesPerSecond: num('SAMPLES_PER_SECOND', 25),
  pollMs: num('POLL_MS', 50),
  depthEveryMs: 500,
  /** Of the chapter events (5 % of the mix), the share that publishes a new chapter (a fan-out to the book's likers). */
  chapterPublishShare: num('CHAPTER_PUBLISH_SHARE', 0.1),
  threadSizes: list('THREAD_SIZES', QUICK ? [200, 1000] : [1000, 10_000, 100_000]),
  threadBudgetSeconds: num('THREAD_BUDGET_SECONDS', QUICK ? 45 : 480),
  threadSamples: num('THREAD_SAMPLES', QUICK ? 10 : 50),
  threadWorkers: num('THREAD_WORKERS', 1),
  totalBudgetSeconds: num('TOTAL_BUDGET_SECONDS', QUICK ? 180 : 1200),
};
export const MIX = { like: 0.7, comment: 0.15, reply: 0.1, chapter: 0.05 };
/** Projectors expected in the workers; the ones actually checkpointing are read from the store after the seed. */
export const EXPECTED_PROJECTORS = ['catalog', 'story-likes', 'reply-inbox', 'comment-threads', 'search', 'account-mail'];
/** The actor of the catalog's commands and chapter events. */
export const ACTOR = 'projections-benchmark';
/** The readers' names. */
export const READER_NAME = 'Bench reader';

export const runStarted = Date.now();
export const deadline = runStarted + CONFIG.totalBudgetSeconds * 1000;
export const secondsLeft = () => (deadline - Date.now()) / 1000;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (line) => console.log(`[${((Date.now() - runStarted) / 1000).toFixed(0).padStart(4)} s] ${line}`);

export const ms = (value) => (value === null || value === undefined ? '—' : value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(0)} ms`);
export const int = (value) => (value === null || value === undefined ? '—' : Math.round(value).toLocaleString('en-US'));
export const fixed = (value, digits = 1) => (value === null || value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits));
