// Prints one closing line for the whole `npm test` run from the JSON reports Jest and Vitest (web and browser tests) wrote.
import { readFileSync } from 'node:fs';

const reports = ['test-results/jest.json', 'test-results/vitest.json', 'test-results/browser.json'].map((file) => JSON.parse(readFileSync(file, 'utf8')));
const sum = (key) => reports.reduce((total, report) => total + report[key], 0);
const passed = sum('numPassedTests');
const failed = sum('numFailedTests');
const skipped = sum('numPendingTests') + sum('numTodoTests');
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failed > 0 || passed === 0) process.exit(1);
