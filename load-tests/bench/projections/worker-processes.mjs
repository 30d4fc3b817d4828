// The site's processes the projections benchmark starts on its database: worker processes (with the store commands
// they send counted), and the projectors they run as the store shows them.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../lib/local-services.mjs';
import { EXPECTED_PROJECTORS, log, sleep } from './config.mjs';

const require = createRequire(import.meta.url);
const { ProjectionCollection, checkpointsOf } = require(join(root, 'contracts/dist/index.js'));

/**
 * The store commands the worker processes sent, from their STORE_COMMAND_PROFILE lines (one summary a second each):
 * the round trips per projected event, reads and writes, by collection, and the read-model documents (`rm_…`) the
 * writes carried.
 */
export class StoreCommands {
  constructor() {
    this.byKey = new Map();
    this.docsByKey = new Map();
  }

  listen(proc) {
    let rest = '';
    const onData = (chunk) => {
      const lines = (rest + String(chunk)).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        const match = /^store-profile (\d+) (\d+)ms (\d+)docs (\S+)(?: (\S+))?$/.exec(line);
        if (!match) continue;
        const key = `${match[4]} ${match[5] ?? ''}`.trim();
        this.byKey.set(key, (this.byKey.get(key) ?? 0) + Number(match[1]));
        this.docsByKey.set(key, (this.docsByKey.get(key) ?? 0) + Number(match[3]));
      }
    };
    proc.child.stdout.on('data', onData);
    proc.child.stderr.on('data', onData);
  }

  /** The commands counted since the last call, and a fresh count. */
  take() {
    const [counted, docs] = [this.byKey, this.docsByKey];
    this.byKey = new Map();
    this.docsByKey = new Map();
    const isWrite = (key) => /^(insert|update|delete|findAndModify) /.test(key);
    const sum = (map, test) => [...map].filter(([key]) => test(key)).reduce((total, [, n]) => total + n, 0);
    return {
      reads: sum(counted, (key) => key.startsWith('find ')),
      writes: sum(counted, isWrite),
      readModelDocuments: sum(docs, (key) => isWrite(key) && key.split(' ')[1]?.startsWith('rm_')),
      byCollection: Object.fromEntries([...counted].sort(([, a], [, b]) => b - a)),
    };
  }
}

export async function startWorkers(local, env, count, commands) {
  const procs = Array.from({ length: count }, (_, i) =>
    // WORKER_NODE_ARGS: node options for the worker processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`.
    local.spawn(`workers-${i + 1}`, process.execPath, [...(process.env.WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'workers/dist/main.js'], {
      env: { ...process.env, ...env, ...(commands ? { STORE_COMMAND_PROFILE: '1000' } : {}) },
      ready: /Workers are consuming/,
    }),
  );
  if (commands) for (const proc of procs) commands.listen(proc);
  await Promise.all(
    procs.map((proc) =>
      Promise.race([
        proc.started,
        proc.exited.then((code) => {
          throw new Error(`${proc.name} exited with ${code} while starting:\n${proc.tail.join('\n')}`);
        }),
        sleep(120_000).then(() => {
          throw new Error(`${proc.name} did not start within 120 s:\n${proc.tail.join('\n')}`);
        }),
      ]),
    ),
  );
  return procs;
}

export const parkedLines = (procs) => procs.flatMap((proc) => proc.tail.filter((line) => /parked event/.test(line)));

export async function stopProcs(local, procs) {
  await Promise.all(procs.map((proc) => local.stop(proc)));
}

/** The projectors that keep checkpoints, as the store shows them so far. */
async function checkpointingProjectors(db) {
  const names = new Set(checkpointsOf(await db.collection(ProjectionCollection.Checkpoints).find({}).toArray()).map((doc) => doc.projector));
  return [...names].sort();
}

/**
 * The projectors to wait for: every one that checkpoints. Each writes its first checkpoint once it has passed an event,
 * so wait (bounded) until all the expected ones have; a set that differs is used as it is, and said.
 */
export async function waitForProjectors(db) {
  const until = Date.now() + 90_000;
  let names = [];
  while (Date.now() < until) {
    names = await checkpointingProjectors(db);
    if (EXPECTED_PROJECTORS.every((name) => names.includes(name))) break;
    await sleep(250);
  }
  if (names.length === 0) names = EXPECTED_PROJECTORS;
  const missing = EXPECTED_PROJECTORS.filter((p) => !names.includes(p));
  const extra = names.filter((p) => !EXPECTED_PROJECTORS.includes(p));
  if (missing.length || extra.length) log(`  checkpointing projectors: ${names.join(', ')} (missing ${missing.join(', ') || 'none'}, unexpected ${extra.join(', ') || 'none'})`);
  return names;
}
