// The statistics and text the benchmarks print their figures with: quantiles, timed calls, a trend, a table.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from './local-services.mjs';

/** The value at quantile `q` (0…1) of `values`, or null when there are none. */
export function quantile(values, q) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** `count` calls of `op(i)`, `concurrency` at a time: calls per second, and the p50 of each call's ms. */
export async function timed(count, concurrency, op) {
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        await op(i);
        times.push(performance.now() - t);
      }
    }),
  );
  return { p50Ms: quantile(times, 0.5), perSecond: count / ((performance.now() - started) / 1000) };
}

/** Least-squares slope of y over x (per second when x is in ms), or 0 with fewer than 3 points. */
export function slopePerSecond(points) {
  if (points.length < 3) return 0;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.t, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.t - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.t - mx) ** 2, 0);
  return sxx === 0 ? 0 : (sxy / sxx) * 1000;
}

/** A text table: the first column left-aligned, the others right-aligned. */
export function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Writes a run's figures to load-tests/results/<name>-<date><suffix>.json; resolves with the file's path. */
export function saveFigures(name, figures, suffix = '') {
  const results = join(root, 'load-tests/results');
  mkdirSync(results, { recursive: true });
  const file = join(results, `${name}-${new Date().toISOString().slice(0, 10)}${suffix}.json`);
  writeFileSync(file, JSON.stringify(figures, null, 1));
  return file;
}
