import { readFileSync } from 'node:fs';

/** CPU time (user + system) a process has used, in ms (from /proc, in clock ticks of 10 ms); null once it has exited. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The ferretdb process LocalServices started (the store's own CPU is what bounds the embedded stack). */
export const storePidOf = (local) => [...local.serviceChildren].find((child) => child.spawnfile.includes('ferretdb')).pid;

/**
 * CPU use of named processes over a span: `take()` returns each one's share of one core since the last call (or since
 * it was made), e.g. { store: 0.98, 'workers-1': 0.61, bench: 0.4 }.
 */
export class CpuShares {
  /** `pids`: name → pid; `self` is this process, measured with process.cpuUsage. */
  constructor(pids) {
    this.pids = pids;
    this.start();
  }

  start() {
    this.since = performance.now();
    this.self = process.cpuUsage();
    this.at = Object.fromEntries(Object.entries(this.pids).map(([name, pid]) => [name, cpuMs(pid)]));
  }

  take() {
    const wall = performance.now() - this.since;
    const self = process.cpuUsage(this.self);
    const shares = { bench: (self.user + self.system) / 1000 / wall };
    for (const [name, pid] of Object.entries(this.pids)) {
      const now = cpuMs(pid);
      shares[name] = now === null || this.at[name] === null ? null : (now - this.at[name]) / wall;
    }
    this.start();
    return shares;
  }
}
