// A CPU profile of the API answering one URL under k6 load: where a request's time goes, before changing anything.
// It starts the site (demo catalog), runs a second API process in this one with V8's profiler on, loads it with
// load-tests/scenarios/get-url.js, and prints the functions and packages with the most self time. The profile is
// written to load-tests/results/ for Chrome DevTools (Performance → Load profile) or speedscope.
//   node load-tests/bench/profile-api.mjs '/api/searchbook?page=1&pageSize=10&genre=Romance'
// VUS (16) and DURATION (8s) as the environment sets them; CATALOG=10k profiles the 10,000-book catalog of
// bench:api:10k (seeded by it) instead of the demo. A `{n}` in the URL makes every request one nobody made before.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { root, startSite } from './lib/site.mjs';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const { createApp } = require(join(root, 'backend/dist/create-app.js'));

const path = process.argv[2] ?? '/api/';
const catalog = process.env.CATALOG ?? 'demo';
const site = await startSite(`bench-${catalog}`, { demoCatalog: catalog === 'demo' });
let app;
try {
  app = await createApp({ ...process.env, ...site.env, SEARCH_RATE_LIMIT: '1000000000' }, ['error']);
  await app.listen(0, '127.0.0.1');
  const baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  // Asynchronously: the API being profiled answers on this process's event loop.
  const k6 = spawn(join(root, '.tools/bin/k6'), ['run', '--quiet', join(root, 'load-tests/scenarios/get-url.js')], {
    env: { ...process.env, BASE_URL: baseUrl, URL_PATH: path, VUS: process.env.VUS ?? '16', DURATION: process.env.DURATION ?? '8s' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const [code] = await once(k6, 'exit');
  if (code !== 0) throw new Error(`k6 exited with ${code}`);
  const { profile } = await session.post('Profiler.stop');
  const out = join(root, 'load-tests/results', `api-${Date.now()}.cpuprofile`);
  mkdirSync(join(root, 'load-tests/results'), { recursive: true });
  writeFileSync(out, JSON.stringify(profile));
  report(profile);
  console.log(`\nprofile: ${out}`);
} finally {
  await app?.close();
  await site.stop();
}

/** Self time by function and by package (node_modules/<package>, the project's own folders, node: internals). */
function report(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const file = url.replace(/^file:\/\//, '').replace(`${root}/`, '');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + profile.timeDeltas[i]);
    total += profile.timeDeltas[i];
  });
  const byPackage = new Map();
  for (const [key, time] of byFunction) {
    const file = key.slice(key.lastIndexOf(' ') + 1);
    const pkg = file.match(/node_modules\/((@[^/]+\/)?[^/:]+)/)?.[1] ?? file.match(/^(\w+(\/[\w-]+)?)/)?.[1] ?? '(V8 / native)';
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
  }
  const table = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`)
      .join('\n');
  console.log(`\n${path}: ${(total / 1000).toFixed(0)} ms sampled\n\nSelf time by function:\n${table(byFunction, 25)}\n\nBy package:\n${table(byPackage, 15)}`);
}
