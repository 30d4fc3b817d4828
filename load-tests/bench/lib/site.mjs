// Starts the whole site (scripts/start.mjs) for a benchmark or a load run, on free ports with its own data folder
// (kept in .data/<name>, so a catalog seeded once is reused) and no search rate limit, and stops it again. It
// resolves only once what is measured is ready: the API answers health, and with the demo catalog, the import has
// finished and the workers have projected every event (a benchmark that starts earlier measures half a catalog).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import services from '../../../scripts/lib/services.cjs';
import { siteEnv } from '../../../scripts/lib/site-env.mjs';
import { freePort } from './local-services.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require('mongodb');

export const root = services.root;

/** Where `seed-demo` marks a finished import (backend/src/modules/catalog/cli/main.ts). */
const DEMO_MARKER = { collection: 'site_markers', id: 'demo-catalogue-2-imported' };
const READY_TIMEOUT_MS = 600_000;

/**
 * @returns {Promise<{ baseUrl: string, mailUrl: string, env: Record<string, string>, processEnv: Record<string, string>, stop: () => Promise<void> }>}
 *   `env`: the site's service environment (MONGO_URL, REDIS_URL, AUTH_SECRET …) for clients of its store and Redis;
 *   `processEnv`: the variables that choose its ports and data folder, for commands run against it.
 */
export async function startSite(dataName, { demoCatalog = true, env: extraEnv = {} } = {}) {
  const [http, mongo, redis, smtp, mailWeb] = await Promise.all(Array.from({ length: 5 }, freePort));
  const processEnv = {
    PORT: String(http),
    MONGO_PORT: String(mongo),
    REDIS_PORT: String(redis),
    SMTP_PORT: String(smtp),
    MAIL_WEB_PORT: String(mailWeb),
    DATA_DIR: join(root, '.data', dataName),
    SEARCH_RATE_LIMIT: '1000000000',
    DEMO_CATALOG: demoCatalog ? 'on' : 'off',
    ...extraEnv,
  };
  const env = { ...process.env, ...processEnv };
  for (const name of ['MONGO_URL', 'REDIS_URL', 'SMTP_URL', 'MEILI_URL', 'PUBLIC_URL']) delete env[name];
  // detached: a process group of its own, so stopping reaches the services, the API, the workers and the import.
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, detached: true, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`the site exited with ${code}`))));
  exited.catch(() => undefined);
  const site = {
    baseUrl: `http://127.0.0.1:${http}`,
    mailUrl: `http://127.0.0.1:${mailWeb}`,
    env: siteEnv(processEnv.DATA_DIR, env),
    processEnv,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        process.kill(-child.pid, 'SIGINT');
      }),
  };
  try {
    await Promise.race([waitUntilReady(site, demoCatalog), exited]);
    return site;
  } catch (error) {
    await site.stop();
    throw error;
  }
}

async function waitUntilReady(site, demoCatalog) {
  await waitUntil(async () => (await health(site.baseUrl))?.status === 'ok', 120_000, 'the site to answer health');
  if (!demoCatalog) return;
  const client = await MongoClient.connect(site.env.MONGO_URL);
  try {
    const markers = client.db().collection(DEMO_MARKER.collection);
    await waitUntil(async () => (await markers.findOne({ _id: DEMO_MARKER.id })) !== null, READY_TIMEOUT_MS, 'the demo catalog import to finish');
  } finally {
    await client.close();
  }
  await waitUntil(async () => (await health(site.baseUrl))?.projectionLag === 0, READY_TIMEOUT_MS, 'the workers to project the demo catalog');
}

async function health(baseUrl) {
  try {
    return await (await fetch(`${baseUrl}/api/health`)).json();
  } catch {
    return null;
  }
}

/** Polls `check` until it resolves truthy, or throws after `timeoutMs`. */
export async function waitUntil(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
