// `npm run bench:lighthouse`: Lighthouse performance and accessibility scores of home, a story and a chapter, with
// Lighthouse's mobile emulation and its desktop preset, the JavaScript each page loads (compressed, as sent) and its
// paint and blocking metrics. It measures the site at BASE_URL when given, or else starts one of its own with the demo
// catalogue (ready once imported and projected). Failed accessibility audits are listed with the elements they name.
// Chromium is Debian's (CHROME_PATH overrides); nothing is downloaded.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { loadavg } from 'node:os';
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
];
const modes = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const rows = [];
const problems = [];
try {
  for (const mode of modes) {
    for (const page of pages) {
      const result = await lighthouse(
        page.url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        mode.config,
      );
      const { categories, audits } = result.lhr;
      const score = (category) => Math.round((categories[category].score ?? 0) * 100);
      const scripts = audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
      rows.push({
        page: page.name,
        mode: mode.name,
        performance: score('performance'),
        accessibility: score('accessibility'),
        scriptKb: (scripts?.transferSize ?? 0) / 1024,
        fcpMs: audits['first-contentful-paint'].numericValue,
        lcpMs: audits['largest-contentful-paint'].numericValue,
        tbtMs: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
      });
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

console.log(`Lighthouse ${baseUrl} (scores out of 100; load average ${loadavg().map((load) => load.toFixed(2)).join(' ')})\n`);
console.log('page     mode     performance  accessibility  JS KB sent  FCP ms  LCP ms  TBT ms    CLS');
for (const row of rows) {
  // A run Lighthouse could not finish (no paint seen) has no metrics: shown as –.
  const figure = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
  const cells = [String(row.performance), String(row.accessibility), figure(row.scriptKb, 1), figure(row.fcpMs, 0), figure(row.lcpMs, 0), figure(row.tbtMs, 0), figure(row.cls, 3)];
  const widths = [11, 13, 10, 6, 6, 6, 6];
  console.log(`${row.page.padEnd(9)}${row.mode.padEnd(9)}${cells.map((cell, i) => cell.padStart(widths[i])).join('  ')}`);
}
if (problems.length) console.log(`\nAccessibility audits that failed:\n${problems.join('\n')}`);
