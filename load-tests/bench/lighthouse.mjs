// `npm run bench:lighthouse`: Lighthouse performance and accessibility scores of home, a story and a chapter, with
// Lighthouse's mobile emulation and its desktop preset, the JavaScript each page loads (compressed, as sent) and its
// paint and blocking metrics. It measures the site at BASE_URL when given, or else starts one of its own with the demo
// catalogue (ready once imported and projected). Failed accessibility audits are listed with the elements they name.
// Chromium is Debian's (CHROME_PATH overrides); nothing is downloaded. Each page and mode is run LIGHTHOUSE_RUNS times
// (3 unless given) and the median run reported (Lighthouse's own choice of it), with the range of the scores: one run's
// score moves by several points. With LIGHTHOUSE_REPORTS=<folder>, each median run's whole report is written there as
// <page>-<mode>.json (its long tasks, script boot-up times and so on). LIGHTHOUSE_PAGES=home,story,chapter and
// LIGHTHOUSE_MODES=mobile,desktop choose what is measured (all of them unless given).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startSite } from './lib/site.mjs';

const site = process.env.BASE_URL ? null : await startSite('bench-demo');
const baseUrl = (process.env.BASE_URL ?? site.baseUrl).replace(/\/$/, '');

async function api(path) {
  const response = await fetch(`${baseUrl}/api${path}`);
  if (!response.ok) throw new Error(`GET /api${path}: HTTP ${response.status} (is the site running at ${baseUrl}?)`);
  return response.json();
}

// The first book of Latest Updates with its first chapter. A path needs only the book id before the slug's first dash.
const { latestBooks } = await api('/');
const book = latestBooks.find((candidate) => candidate.latest_chapter !== null);
const { chapters } = await api(`/${book.book_id}`);
const pages = [
  { name: 'home', url: `${baseUrl}/` },
  { name: 'story', url: `${baseUrl}/${book.book_id}` },
  { name: 'chapter', url: `${baseUrl}/${book.book_id}/${chapters[0].chapter_id}` },
].filter((page) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(page.name));
const modes = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
].filter((mode) => !process.env.LIGHTHOUSE_MODES || process.env.LIGHTHOUSE_MODES.split(',').includes(mode.name));

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const rows = [];
const problems = [];
try {
  for (const mode of modes) {
    for (const page of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(
          page.url,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
          mode.config,
        );
        runs.push(result.lhr);
      }
      const valid = filterToValidRuns(runs);
      const lhr = valid.length > 0 ? computeMedianRun(valid) : runs[0];
      const { categories, audits } = lhr;
      if (process.env.LIGHTHOUSE_REPORTS) {
        mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${page.name}-${mode.name}.json`), JSON.stringify(lhr, null, 1));
      }
      const score = (category, report = lhr) => Math.round((report.categories[category].score ?? 0) * 100);
      // A run Lighthouse could not finish (it saw no navigation or no paint) is left out of the median and the range.
      const performances = valid.map((report) => score('performance', report));
      // Why Lighthouse could not finish a run: its error, or the metric it could not compute.
      const failures = runs
        .filter((run) => !valid.includes(run))
        .map((run) => run.runtimeError?.code ?? ['first-contentful-paint', 'interactive'].map((id) => run.audits[id]?.errorMessage).find(Boolean) ?? 'no metrics');
      const scripts = audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
      rows.push({
        page: page.name,
        mode: mode.name,
        performance: score('performance'),
        range: `${performances.length ? `${Math.min(...performances)}–${Math.max(...performances)}` : '–'}${failures.length ? ` (${failures.length} failed)` : ''}`,
        accessibility: score('accessibility'),
        scriptKb: (scripts?.transferSize ?? 0) / 1024,
        fcpMs: audits['first-contentful-paint'].numericValue,
        lcpMs: audits['largest-contentful-paint'].numericValue,
        tbtMs: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
      });
      for (const failure of failures) problems.push(`${page.name} (${mode.name}): a run Lighthouse could not finish: ${failure}`);
      for (const ref of categories.accessibility.auditRefs) {
        const audit = audits[ref.id];
        if (ref.weight === 0 || audit.score === null || audit.score === 1) continue;
        const items = (audit.details?.items ?? []).map((item) => item.node?.selector ?? item.node?.snippet).filter(Boolean);
        problems.push(`${page.name} (${mode.name}): ${audit.id}: ${audit.title}${items.length ? `\n    ${items.slice(0, 8).join('\n    ')}` : ''}`);
      }
    }
  }
} finally {
  await chrome.kill();
  await site?.stop();
}

console.log(`Lighthouse ${baseUrl} (scores out of 100; median of ${RUNS} runs, with the range of their performance scores; load average ${loadavg().map((load) => load.toFixed(2)).join(' ')})\n`);
console.log('page     mode     performance      range  accessibility  JS KB sent  FCP ms  LCP ms  TBT ms    CLS');
for (const row of rows) {
  // A run Lighthouse could not finish (no paint seen) has no metrics: shown as –.
  const figure = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
  const cells = [String(row.performance), row.range, String(row.accessibility), figure(row.scriptKb, 1), figure(row.fcpMs, 0), figure(row.lcpMs, 0), figure(row.tbtMs, 0), figure(row.cls, 3)];
  const widths = [11, 9, 13, 10, 6, 6, 6, 6];
  console.log(`${row.page.padEnd(9)}${row.mode.padEnd(9)}${cells.map((cell, i) => cell.padStart(widths[i])).join('  ')}`);
}
if (problems.length) console.log(`\nRuns not finished and accessibility audits that failed:\n${problems.join('\n')}`);
