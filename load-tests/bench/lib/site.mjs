// Starts the whole site (scripts/start.mjs) for a benchmark, with its own data folder and no search rate limit,
// and stops it again. The site's fixed service ports must be free: stop any `npm start` first.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import services from '../../../scripts/lib/services.cjs';
import { siteEnv } from '../../../scripts/lib/site-env.mjs';

export const root = services.root;

export async function startSite(dataName, { demoCatalog = true } = {}) {
  const env = {
    ...process.env,
    DATA_DIR: join(root, '.data', dataName),
    SEARCH_RATE_LIMIT: '1000000000',
    DEMO_CATALOG: demoCatalog ? 'on' : 'off',
  };
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`the site exited with ${code}`))));
  await Promise.race([services.waitForPort(services.profiles.run.http, 120_000), exited]);
  exited.catch(() => undefined);
  return {
    baseUrl: `http://127.0.0.1:${services.profiles.run.http}`,
    env: siteEnv(env.DATA_DIR, env),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGINT');
      }),
  };
}

/** Polls `check` until it resolves truthy, or throws after `timeoutMs`. */
export async function waitUntil(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
