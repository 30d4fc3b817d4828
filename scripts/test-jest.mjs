// `npm run test:jest`: every Jest suite, in the two runs of scripts/lib/jest-runs.mjs, one after the other.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { sharedRun, timedRun } from './lib/jest-runs.mjs';

mkdirSync('test-results', { recursive: true });
const run = ([file, ...args]) => spawnSync(file, args, { stdio: 'inherit' }).status ?? 1;
const shared = run(sharedRun);
process.exit(run(timedRun) || shared);
