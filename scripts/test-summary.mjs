// Prints the slowest test files and one closing line for the whole `npm test` run, from the JSON reports Jest and
// Vitest (web and browser tests) wrote.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const SUITES = { jest: 'test-results/jest.json', 'jest-timed': 'test-results/jest-timed.json', web: 'test-results/vitest.json', browser: 'test-results/browser.json' };
const SLOWEST = 15;

const reports = Object.entries(SUITES).map(([suite, file]) => ({ suite, report: JSON.parse(readFileSync(file, 'utf8')) }));
const sum = (key) => reports.reduce((total, { report }) => total + report[key], 0);

// Where a run's time goes: the files that took longest, whichever suite ran them (both reports give each file's start
// and end).
const files = reports.flatMap(({ suite, report }) =>
  report.testResults.map((result) => ({ suite, file: relative(process.cwd(), result.name), seconds: (result.endTime - result.startTime) / 1000 })),
);
const total = (suite) => files.filter((file) => file.suite === suite).reduce((sum, file) => sum + file.seconds, 0);
console.log(`\nslowest test files (of ${files.length}; seconds per suite: ${Object.keys(SUITES).map((suite) => `${suite} ${Math.round(total(suite))}`).join(', ')})`);
for (const { suite, file, seconds } of files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) {
  console.log(`${seconds.toFixed(1).padStart(7)} s  ${suite.padEnd(10)}  ${file}`);
}

const passed = sum('numPassedTests');
const failed = sum('numFailedTests');
const skipped = sum('numPendingTests') + sum('numTodoTests');
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failed > 0 || passed === 0) process.exit(1);
