import { chromium } from 'playwright-core';
import { readFileSync, existsSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map';
import { startSite } from '/work/main/load-tests/bench/lib/site.mjs';
const site = await startSite('bench-demo');
try {
  const home = await (await fetch(`${site.baseUrl}/api/`)).json();
  const book = home.latestBooks.find((b) => b.latest_chapter !== null);
  const { chapters } = await (await fetch(`${site.baseUrl}/api/${book.book_id}`)).json();
  const path = process.argv[2] === 'story' ? `/${book.book_id}` : `/${book.book_id}/${chapters[0].chapter_id}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(site.baseUrl + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  const { profile } = await cdp.send('Profiler.stop');
  // self time per node
  const dt = {}; const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (let i = 0; i < profile.samples.length; i++) dt[profile.samples[i]] = (dt[profile.samples[i]] ?? 0) + (profile.timeDeltas[i] ?? 0);
  const maps = {};
  const name = async (cf) => {
    const file = cf.url.split('/assets/')[1];
    if (file && existsSync(`/work/main/web/dist/assets/${file}.map`)) {
      maps[file] ??= await new SourceMapConsumer(JSON.parse(readFileSync(`/work/main/web/dist/assets/${file}.map`, 'utf8')));
      const pos = maps[file].originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
      return `${pos.name ?? cf.functionName} ${pos.source?.replace(/.*node_modules\//, '')}:${pos.line}`;
    }
    return `${cf.functionName || '(anon)'} ${cf.url.slice(-40)}:${cf.lineNumber}`;
  };
  const self = {}; const total = {};
  for (const n of profile.nodes) { const k = await name(n.callFrame); self[k] = (self[k] ?? 0) + (dt[n.id] ?? 0); }
  // inclusive by source package
  const pkg = {};
  for (const n of profile.nodes) { const k = await name(n.callFrame); const p = k.split(' ')[1]?.split('/')[0] ?? '?'; pkg[p] = (pkg[p] ?? 0) + (dt[n.id] ?? 0); }
  console.log('SELF top'); for (const [k, v] of Object.entries(self).sort((a, b) => b[1] - a[1]).slice(0, 35)) console.log((v / 1000).toFixed(1).padStart(8), k);
  console.log('BY PACKAGE (self)'); for (const [k, v] of Object.entries(pkg).sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log((v / 1000).toFixed(1).padStart(8), k);
  // inclusive time per function (counted once per stack)
  const kids = new Map(profile.nodes.map((n) => [n.id, n.children ?? []]));
  const incl = {};
  const walk = async (id, seen) => { const n = byId.get(id); const k = await name(n.callFrame); let t = dt[id] ?? 0; const s2 = new Set(seen); s2.add(k); for (const c of kids.get(id)) t += await walk(c, s2); if (!seen.has(k)) incl[k] = (incl[k] ?? 0) + 0; return t; };
  const inclusive = {};
  const walk2 = async (id, stack) => { const n = byId.get(id); const k = await name(n.callFrame); const st = stack.includes(k) ? stack : [...stack, k]; for (const key of st) inclusive[key] = (inclusive[key] ?? 0) + (dt[id] ?? 0); for (const c of kids.get(id)) await walk2(c, st); };
  await walk2(profile.nodes[0].id, []);
  console.log('INCLUSIVE (src and libs)'); for (const [k, v] of Object.entries(inclusive).filter(([k]) => !/^\((root|idle|program)/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log((v / 1000).toFixed(1).padStart(8), k);
  // busy runs: consecutive non-idle samples
  const parentOf = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const runs = []; let cur = null; let t = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0; const node = byId.get(profile.samples[i]); const idle = node.callFrame.functionName === '(idle)';
    if (idle) { if (cur) { runs.push(cur); cur = null; } continue; }
    if (!cur) cur = { start: t, end: t, samples: [] };
    cur.end = t; cur.samples.push([profile.samples[i], profile.timeDeltas[i + 1] ?? 0]);
  }
  if (cur) runs.push(cur);
  for (const run of runs.filter((r) => r.end - r.start > 40000)) {
    const agg = {};
    for (const [id, d] of run.samples) { const seen = new Set(); let p = id; while (p) { const k = await name(byId.get(p).callFrame); if (!seen.has(k) && /src\/|features|shared|app\/|\(program\)|appendChild|hydrat|commitRoot|flushPassive|performSyncWork|renderRootConcurrent|micromark|unified|socket|engine/.test(k)) { seen.add(k); agg[k] = (agg[k] ?? 0) + d; } p = parentOf.get(p); } }
    console.log(`RUN at ${(run.start / 1000).toFixed(0)} ms, ${((run.end - run.start) / 1000).toFixed(0)} ms`);
    for (const [k, v] of Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log('   ', (v / 1000).toFixed(1).padStart(7), k.slice(0, 120));
  }
  const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  for (const target of ['appendChild', '(program)']) {
    const stacks = {};
    for (const n of profile.nodes) if (n.callFrame.functionName === target && dt[n.id]) {
      const chain = []; let p = parent.get(n.id); while (p && chain.length < 8) { chain.push(await name(byId.get(p).callFrame)); p = parent.get(p); }
      const k = chain.join(' < '); stacks[k] = (stacks[k] ?? 0) + dt[n.id];
    }
    console.log('STACKS of', target); for (const [k, v] of Object.entries(stacks).sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log((v / 1000).toFixed(1).padStart(8), k.slice(0, 600));
  }
  await browser.close();
} finally { await site.stop(); }
