// `LIGHTHOUSE_BASE=<checkout> npm run bench:lighthouse:side-by-side`: this checkout's site against another's (a built
// copy at another commit, e.g. `cp -a . /tmp/base && git -C /tmp/base checkout main && npm run build --prefix /tmp/base`),
// both running at once, each with its own demo catalogue. Lighthouse's mobile run alternates between them on one page
// (LIGHTHOUSE_PAGE: story, chapter or home; story unless given), LIGHTHOUSE_RUNS (12) times each, so that the machine's
// speed, which drifts within the hour by more than most changes move a score, falls on both alike. Prints each run
// and, per site, the median and mean score, and the median Total Blocking Time, main-thread work and LCP.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSite } from './lib/site.mjs';

if (!process.env.LIGHTHOUSE_BASE) throw new Error('LIGHTHOUSE_BASE: the path of the built checkout to measure against');
const baseCheckout = resolve(process.env.LIGHTHOUSE_BASE);
const { startSite: startBaseSite } = await import(pathToFileURL(join(baseCheckout, 'load-tests/bench/lib/site.mjs')).href);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 12);
const PAGE = process.env.LIGHTHOUSE_PAGE ?? 'story';

const [base, change] = await Promise.all([startBaseSite('bench-demo'), startSite('bench-demo')]);
const sites = { base: base.baseUrl, change: change.baseUrl };

/** The page's path: the first book of Latest Updates with a chapter, or its first chapter (both sites hold the same demo). */
async function pagePath(baseUrl) {
  if (PAGE === 'home') return '/';
  const { latestBooks } = await (await fetch(`${baseUrl}/api/`)).json();
  const book = latestBooks.find((candidate) => candidate.latest_chapter !== null);
  if (PAGE === 'story') return `/${book.book_id}`;
  const { chapters } = await (await fetch(`${baseUrl}/api/${book.book_id}`)).json();
  return `/${book.book_id}/${chapters[0].chapter_id}`;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const runs = { base: [], change: [] };
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  const path = await pagePath(base.baseUrl);
  for (let run = 0; run < RUNS; run++) {
    // Each site goes first in every other round.
    for (const site of run % 2 ? ['change', 'base'] : ['base', 'change']) {
      const { lhr } = await lighthouse(`${sites[site]}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      // A run Lighthouse could not finish (no navigation or paint seen) has no score and is left out.
      if (lhr.categories.performance.score === null) {
        console.log(`${site.padEnd(7)} run ${run + 1}: not finished (${lhr.runtimeError?.code ?? 'no metrics'})`);
        continue;
      }
      const row = {
        score: Math.round(lhr.categories.performance.score * 100),
        tbt: lhr.audits['total-blocking-time'].numericValue,
        work: lhr.audits['mainthread-work-breakdown'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
      };
      runs[site].push(row);
      console.log(`${site.padEnd(7)} run ${run + 1}: ${row.score}, TBT ${row.tbt.toFixed(0)} ms, main thread ${row.work.toFixed(0)} ms, LCP ${row.lcp.toFixed(0)} ms`);
    }
  }
} finally {
  await chrome.kill();
  await Promise.all([base.stop(), change.stop()]);
}

console.log(`\n${PAGE}, mobile: ${baseCheckout} (base) against this checkout (change), runs alternating\n`);
console.log('site     runs  median  mean   scores');
for (const site of ['base', 'change']) {
  const scores = runs[site].map((row) => row.score);
  const figure = (key) => median(runs[site].map((row) => row[key])).toFixed(0);
  console.log(`${site.padEnd(9)}${String(scores.length).padStart(4)}  ${String(median(scores)).padStart(6)}  ${mean(scores).toFixed(1).padStart(5)}   ${scores.join(' ')}`);
  console.log(`${''.padEnd(9)}median TBT ${figure('tbt')} ms, main thread ${figure('work')} ms, LCP ${figure('lcp')} ms`);
}
