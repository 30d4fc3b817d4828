// npm run load -- <journey|mix> <profile>: a k6 load run of one journey or of the mix (lib/plan.mjs), against a site
// of its own (started as `npm start` runs it, on free ports, data in .data/load) or the one at BASE_URL (loopback
// only; MAIL_URL: its MailDev, to verify the readers it seeds). Writes summary.json, report.html and k6's
// dashboard.html to load-tests/results/<time>-<journey>-<profile>/ and exits as k6 did (99: a threshold failed).
import console from 'node:console';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { startSite } from './bench/lib/site.mjs';
import { isLoopbackUrl } from './lib/loopback.mjs';
import { checkRun, churnPoolSize, journeysOf, PROFILES, readerPools, runSecondsOf, scenariosOf } from './lib/plan.mjs';
import { findCapacity } from './runner/capacity.mjs';
import { sampleCatalog } from './runner/catalog-sample.mjs';
import { cpuRows, runK6Once } from './runner/one-run.mjs';
import { checkSection, journeySection, liveSection, thresholdSection, totalsSection, writeReport } from './runner/report.mjs';
import { ReaderStock } from './runner/reader-stock.mjs';
import { writeRunData } from './runner/run-data.mjs';

/** Books the journeys pick from (the catalog's newest). */
const SAMPLE_BOOKS = 200;

const [journey, profile] = process.argv.slice(2);
if (!journey || !profile) {
  console.error(`usage: npm run load -- <journey|mix> <profile>\n  journeys: ${journeysOf('mix').join(', ')}, mix\n  profiles: ${Object.keys(PROFILES).join(', ')}`);
  process.exit(2);
}
const number = (name) => (process.env[name] ? Number(process.env[name]) : undefined);
const run = { journey, profile, rate: number('RATE'), holdSeconds: number('HOLD_SECONDS') };
checkRun(journey, profile);
const scenarios = profile === 'capacity' ? null : scenariosOf(run);

const runId = Date.now().toString(36);
const dir = join(import.meta.dirname, 'results', `${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}-${journey}-${profile}`);
mkdirSync(dir, { recursive: true });

const site = await openSite();
try {
  console.log(`Site: ${site.baseUrl}. Sampling the catalog and seeding readers…`);
  const books = await sampleCatalog(site.baseUrl, SAMPLE_BOOKS);
  const dataFile = join(dir, 'data.json');
  const stock = new ReaderStock(site, runId);
  if (profile === 'capacity') {
    await findCapacity({ site, stock, books, dataFile, dir });
  } else {
    const readers = await stock.forRun({ ...readerPools(scenarios), churn: churnPoolSize(scenarios['auth-churn']) }, runSecondsOf(scenarios));
    writeRunData(dataFile, { books, churnReaders: readers.churn });
    console.log(`${books.length} books; readers: ${readers.social.length} social, ${readers.live.length} live, ${readers.churn.length} churn. Running k6…`);
    const env = { JOURNEY: journey, PROFILE: profile, RUN_DATA: dataFile, ...(run.rate ? { RATE: String(run.rate) } : {}), ...(run.holdSeconds ? { HOLD_SECONDS: String(run.holdSeconds) } : {}) };
    const { code, summary, cpu } = await runK6Once(site, { social: readers.social, live: readers.live }, env, dir);
    const started = summary.setup_data.startedAt;
    writeReport(join(dir, 'report.html'), {
      title: `Load run: ${journey}, ${profile}`,
      facts: [
        ['profile', `${profile}: ${PROFILES[profile].description}`],
        ['site', site.baseUrl],
        ['started', new Date(started).toISOString()],
        ['result', code === 0 ? 'every threshold held' : `k6 exited with ${code}${code === 99 ? ' (a threshold was breached)' : ''}`],
      ],
      sections: [
        totalsSection(summary),
        journeySection(summary, journeysOf(journey)),
        ...(journeysOf(journey).includes('live') ? [liveSection(summary)] : []),
        thresholdSection(summary),
        checkSection(summary),
        { heading: 'CPU during the run (percent of one core)', columns: ['process', 'CPU'], rows: cpuRows(cpu.usage(started, Date.now())) },
      ],
      links: [
        ...(existsSync(join(dir, 'dashboard.html')) ? [['k6 dashboard report (charts over time)', 'dashboard.html']] : []),
        ['summary.json', 'summary.json'],
      ],
    });
    console.log(`Report: ${join(dir, 'report.html')}`);
    process.exitCode = code;
  }
} finally {
  await site.stop();
}

/** The site at BASE_URL, or one started for the run. */
async function openSite() {
  const baseUrl = process.env.BASE_URL;
  if (!baseUrl) {
    console.log('Starting a site for the run (data in .data/load)…');
    return startSite('load', { demoCatalog: true });
  }
  if (!isLoopbackUrl(baseUrl)) throw new Error(`BASE_URL must be a loopback address, got ${baseUrl}`);
  return { baseUrl: baseUrl.replace(/\/$/, ''), mailUrl: process.env.MAIL_URL ?? 'http://127.0.0.1:1080', stop: async () => undefined };
}
