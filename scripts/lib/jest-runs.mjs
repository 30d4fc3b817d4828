// Jest's two runs of every suite. Most files run two at a time (one per core of the 2-core CI machine): the shared
// run. The suites that time every call against a bound (the store's fault suites, the rebuild under readers, the
// API's 503 within 2 s of an outage) run apart, one at a time: beside other files at the same priority they measure
// those files' CPU, not the product (with three at a time their 3 s and 2 s bounds failed; the outage suite failed
// beside the rebuild). Each run writes its report for scripts/test-summary.mjs.
const TIMED = '(test/e2e/(store-liveness|store-deadlocks|rebuild-under-load)|backend/src/platform/dependency-outage)\\.';

/** The shared run's command: every file but the timed ones, two at a time. */
export const sharedRun = ['npx', 'jest', '--forceExit', '--maxWorkers=2', '--testPathIgnorePatterns', TIMED, '--json', '--outputFile=test-results/jest.json'];

/** The timed run's command: the timed files, one at a time. */
export const timedRun = [
  'npx', 'jest', '--forceExit', '--runInBand', '--selectProjects', 'test', 'backend', '--testPathPatterns', TIMED, '--json', '--outputFile=test-results/jest-timed.json',
];
