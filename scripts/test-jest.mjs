// `npm run test:jest`: every Jest suite, in two runs. Most files run two at a time (one per core of the 2-core CI
// machine: 18 minutes instead of 27). The suites that time every call against a bound (the store's fault suites, the
// rebuild under readers, the API's 503 within 2 s of an outage) run after, alone: beside another file they measure the
// other file's CPU, not the product (with three at a time, their 3 s and 2 s bounds failed; the outage suite failed
// beside the rebuild). Each run writes its report for scripts/test-summary.mjs.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

const ALONE = '(test/e2e/(store-liveness|store-deadlocks|rebuild-under-load)|backend/src/platform/dependency-outage)\\.';

mkdirSync('test-results', { recursive: true });
const jest = (...args) => spawnSync('npx', ['jest', '--forceExit', ...args], { stdio: 'inherit' }).status ?? 1;
const together = jest('--maxWorkers=2', '--testPathIgnorePatterns', ALONE, '--json', '--outputFile=test-results/jest.json');
const alone = jest('--runInBand', '--selectProjects', 'test', 'backend', '--testPathPatterns', ALONE, '--json', '--outputFile=test-results/jest-alone.json');
process.exit(together || alone);
