// `npm run test:quick`: the fast loop before a commit — lint, types, the unit tests (Jest without the store, Redis or
// a site: no `*.int.spec.ts`, e2e or fuzz) and the web client's Vitest — run side by side. Each step's output is
// shown only when it fails; the closing lines give each step's time. `npm test` runs all of these and the rest.
import { spawn } from 'node:child_process';

const STEPS = [
  { name: 'lint', command: ['npx', 'eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.'] },
  { name: 'types', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'unit', command: ['npx', 'jest', '--testPathIgnorePatterns', '\\.int\\.spec\\.ts$', '/test/e2e/', '/test/fuzz/'] },
  { name: 'web', command: ['npm', 'run', '--silent', 'test', '-w', 'web'] },
];

const run = ({ name, command: [file, ...args] }) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(file, args, { env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ name, code, output, seconds: (Date.now() - started) / 1000 }));
  });

const started = Date.now();
const results = await Promise.all(STEPS.map(run));
for (const { name, code, output } of results) if (code !== 0) console.log(`\n--- ${name} failed ---\n${output}`);
for (const { name, code, seconds } of results) console.log(`${code === 0 ? 'ok  ' : 'FAIL'}  ${name.padEnd(5)}  ${seconds.toFixed(1)} s`);
console.log(`test:quick: ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (results.some(({ code }) => code !== 0)) process.exit(1);
