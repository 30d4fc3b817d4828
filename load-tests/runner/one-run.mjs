// One k6 run against the site: the signed-in readers leased to its virtual users, and the CPU of the site's
// processes and of k6 sampled while it runs.
import { URL } from 'node:url';
import { startK6 } from './k6.mjs';
import { sampleCpu, siteProcesses } from './process-cpu.mjs';
import { serveReaderLeases } from './reader-leases.mjs';

/**
 * Runs k6 with `env` against `site`, leasing `readers` ({ social, live }); files into `dir` (names from `prefix`).
 * Resolves with { code, summary, cpu }: k6's exit code and summary, and the CPU sampler (its `usage(from, to)`).
 */
export async function runK6Once(site, readers, env, dir, prefix = '') {
  const leases = await serveReaderLeases(readers);
  try {
    const k6 = startK6({ ...env, BASE_URL: site.baseUrl, LEASE_URL: leases.url }, dir, prefix);
    const cpu = sampleCpu(siteProcesses(Number(new URL(site.baseUrl).port), [{ pid: k6.pid, role: 'k6 (load generator)' }]));
    try {
      return { ...(await k6.done), cpu };
    } finally {
      cpu.stop();
    }
  } finally {
    await leases.close();
  }
}

/** CPU in percent of one core by process, from a sampler's usage (process-cpu.mjs), as report rows. */
export function cpuRows(usage) {
  if (!usage) return [];
  const ours = Object.values(usage.roles).reduce((total, value) => total + value, 0);
  return [
    ...Object.entries(usage.roles).sort(([, a], [, b]) => b - a).map(([role, value]) => [role, `${value.toFixed(0)} %`]),
    ['everything else on the machine', `${Math.max(0, usage.machine - ours).toFixed(0)} %`],
    [`machine (${usage.cores.toFixed(0)} cores)`, `${usage.machine.toFixed(0)} % of ${(100 * usage.cores).toFixed(0)} %`],
  ];
}
