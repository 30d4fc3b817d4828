// Where the machine's CPU goes during a run: the site's processes (found from the port its API listens on: that
// process, and the other children of its parent, as `npm start` runs them), the k6 process, and the machine as a
// whole, read from /proc every second.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { setInterval, clearInterval } from 'node:timers';

/** USER_HZ: the unit of /proc/<pid>/stat's times (100 on Linux). */
const TICKS_PER_SECOND = 100;

const ROLES = [
  [/backend\/dist\/main\.js/, 'API'],
  [/workers\/dist\/main\.js/, 'workers'],
  [/ferretdb/, 'store (FerretDB)'],
  [/mongod/, 'store (MongoDB)'],
  [/redis-server/, 'Redis'],
  [/maildev/, 'mail catcher'],
];

const read = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};
const pids = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
const commandOf = (pid) => (read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' ').trim();
/** Fields of /proc/<pid>/stat after the command name (field 3, state, is [0]). */
const statOf = (pid) => read(`/proc/${pid}/stat`)?.replace(/^.*\) /s, '').split(' ');
const parentOf = (pid) => Number(statOf(pid)?.[1]);

/** The process listening on loopback `port` (IPv4 or IPv6), or null when none of ours is. */
function listenerOf(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (read(table) ?? '').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(`socket:[${fields[9]}]`);
    }
  }
  for (const pid of pids()) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return null;
}

/** The site's processes by role ({ pid, role }), from the API listening on `port`, plus `extra` ones. */
export function siteProcesses(port, extra = []) {
  const api = listenerOf(port);
  if (!api) return extra;
  const parent = parentOf(api);
  const family = pids().filter((pid) => pid === api || parentOf(pid) === parent);
  const found = family.map((pid) => ({ pid, role: ROLES.find(([pattern]) => pattern.test(commandOf(pid)))?.[1] ?? commandOf(pid).split(' ')[0] }));
  return [...found, ...extra];
}

/** CPU seconds used so far by a process (user + system), or null when it is gone. */
const cpuSecondsOf = (pid) => {
  const stat = statOf(pid);
  return stat ? (Number(stat[11]) + Number(stat[12])) / TICKS_PER_SECOND : null;
};

/** Busy and total CPU seconds of the whole machine (all cores), from /proc/stat. */
function machineSeconds() {
  const [, ...times] = read('/proc/stat').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = times[3] + times[4];
  const total = times.reduce((sum, value) => sum + value, 0);
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

/**
 * Samples `processes` every second until stopped. `usage(from, to)` gives, between two moments (ms since the epoch),
 * each role's CPU in percent of one core (100 % = one core busy), the whole machine's likewise (at most 100 % times
 * its cores), and the number of cores.
 */
export function sampleCpu(processes) {
  const samples = [];
  // A process that has exited keeps the CPU time it used.
  const lastSeen = new Map();
  const take = () => {
    const byRole = {};
    for (const { pid, role } of processes) {
      const seconds = cpuSecondsOf(pid) ?? lastSeen.get(pid) ?? 0;
      lastSeen.set(pid, seconds);
      byRole[role] = (byRole[role] ?? 0) + seconds;
    }
    samples.push({ at: Date.now(), byRole, machine: machineSeconds() });
  };
  take();
  const timer = setInterval(take, 1000);
  return {
    stop: () => {
      clearInterval(timer);
      take();
    },
    usage(from, to) {
      // The samples around the span: the last one at or before `from`, the first at or after `to`.
      const first = samples.findLast((sample) => sample.at <= from) ?? samples[0];
      const last = samples.find((sample) => sample.at >= to) ?? samples.at(-1);
      if (last.at - first.at < 1000) return null;
      const wall = (last.at - first.at) / 1000;
      const roles = Object.fromEntries(Object.keys(last.byRole).map((role) => [role, (100 * (last.byRole[role] - (first.byRole[role] ?? 0))) / wall]));
      const cores = (last.machine.total - first.machine.total) / wall;
      return { seconds: wall, roles, machine: (100 * (last.machine.busy - first.machine.busy)) / wall, cores };
    },
  };
}
