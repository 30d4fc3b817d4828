// Runs load-tests/load.js with k6 (.tools/bin/k6, built by `npm run setup`): its progress on the terminal, its
// summary as JSON and k6's web dashboard report as a self-contained HTML page in the run's results folder.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const root = join(import.meta.dirname, '..', '..');
export const k6Binary = join(root, '.tools/bin/k6');
const script = join(root, 'load-tests/load.js');

/** k6's exit code when thresholds failed (and when one aborted the run). */
export const THRESHOLDS_FAILED = 99;

/**
 * Starts k6 with `env` (see load.js for the variables), writing `summary.json` and `dashboard.html` (named with
 * `prefix`) into `dir`. Returns { pid, done }, `done` resolving with { code, summary } when k6 exits.
 */
export function startK6(env, dir, prefix = '') {
  if (!existsSync(k6Binary)) throw new Error(`k6 is not built: run npm run setup (expected ${k6Binary})`);
  const summaryFile = join(dir, `${prefix}summary.json`);
  // Without a terminal (CI), no progress bar: it would print every second.
  const quiet = process.stdout.isTTY ? [] : ['--quiet'];
  const child = spawn(k6Binary, ['run', '--address', '127.0.0.1:0', ...quiet, script], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...env,
      SUMMARY_FILE: summaryFile,
      K6_WEB_DASHBOARD: 'true',
      K6_WEB_DASHBOARD_PORT: '-1',
      // A point every 2 s, so that a short run (smoke) has a report too.
      K6_WEB_DASHBOARD_PERIOD: '2s',
      K6_WEB_DASHBOARD_EXPORT: join(dir, `${prefix}dashboard.html`),
    },
  });
  const done = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!existsSync(summaryFile)) return reject(new Error(`k6 exited with ${code} without a summary`));
      resolve({ code, summary: JSON.parse(readFileSync(summaryFile, 'utf8')) });
    });
  });
  return { pid: child.pid, done };
}
