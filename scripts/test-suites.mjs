// `npm test`'s suites after the static checks, filling both cores:
// - the timed lane, at normal priority: Jest's timed files (scripts/lib/jest-runs.mjs), then the load smoke. They judge
//   latencies, and keep about one core busy;
// - Jest's shared run from the start, at the lowest priority (nice 19), so that it takes only the CPU the timed lane
//   leaves;
// - the client's tests (Vitest, then the browser tests against a built site), niced too, once Jest's timed files have
//   ended: their own waits (a query's 5 s, a page's 30 s) failed when they started beside those files.
// The timed lane's output streams; every other part's is held and printed in one piece when it ends, so none
// interleave. Each part's time is printed as it ends.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { sharedRun, timedRun } from './lib/jest-runs.mjs';

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** Runs `command` (niced when `background`); resolves to its exit code once it ends and its output is shown. */
const part = (name, command, { background = false } = {}) =>
  new Promise((resolve) => {
    const [file, ...args] = background ? ['nice', '-n', '19', ...command] : command;
    const child = spawn(file, args, { stdio: background ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (background) process.stdout.write(`\n--- ${name} ---\n${Buffer.concat(output)}\n`);
      console.log(`--- ${name}: ${code === 0 ? 'passed' : 'FAILED'}, ended at ${seconds()} ---`);
      resolve(code ?? 1);
    });
  });

mkdirSync('test-results', { recursive: true });
const timedFiles = part('Jest, the timed files', timedRun);
const codes = (
  await Promise.all([
    timedFiles.then(async (code) => [code, await part('load smoke', ['npm', 'run', 'test:load'])]),
    part("Jest's shared run", sharedRun, { background: true }).then((code) => [code]),
    timedFiles.then(async () => [
      await part('web tests (Vitest)', ['npm', 'run', 'test:web'], { background: true }),
      await part('browser tests', ['npm', 'run', 'test:browser'], { background: true }),
    ]),
  ])
).flat();
process.exit(codes.find((code) => code !== 0) ?? 0);
