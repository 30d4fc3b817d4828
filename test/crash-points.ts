// The crash-point harness (docs/architecture.md, "Crash points"): runs a worker process that kills itself right after
// its k-th acknowledged store write (server-config's storeCrashPoints), starts a healthy one, and compares every read
// model with a rebuild of it from the log.
import type { INestApplicationContext } from '@nestjs/common';
import { ProjectionCollection, READ_MODEL_VERSIONS_COLLECTION } from '@shelf/contracts';
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Connection } from 'mongoose';
import { projectionLag, type Projector, PROJECTORS, ReadModels } from '../workers/src/engine';
import { projectionsDone } from './site-harness';

const root = join(__dirname, '..');

export interface WorkerRun {
  /** The store writes the process made, as it traced them (`<command> <collection>`), in order. */
  writes: string[];
  /** Whether it died at its crash point (SIGKILL) rather than being stopped after the work was done. */
  crashed: boolean;
}

/**
 * Runs `workers/dist/main.js` with `variables` until it kills itself at STORE_CRASH_AFTER_WRITES, or, when it never gets
 * there, until every projector has caught up with the log; then stops it.
 */
export async function runWorkerProcess(store: Connection, workers: INestApplicationContext, variables: Record<string, string | undefined>, timeoutMs = 60_000): Promise<WorkerRun> {
  const { child, writes, exited } = tracedProcess('workers/dist/main.js', variables);
  const done = projectionsDone(store, workers, timeoutMs).then(() => 'done' as const);
  const outcome = await Promise.race([exited.then(() => 'exited' as const), done.catch(() => 'timeout' as const)]);
  if (outcome !== 'exited') await stop(child);
  const signal = await exited;
  if (outcome === 'timeout') {
    const names = workers.get<Projector[]>(PROJECTORS).map((projector) => projector.name);
    const behind = Object.entries(await projectionLag(store.db!, names)).filter(([, lag]) => lag > 0);
    throw new Error(`the worker process did not catch up within ${timeoutMs} ms: ${JSON.stringify(Object.fromEntries(behind))}`);
  }
  const crashed = outcome === 'exited' && signal === 'SIGKILL';
  // The dead process's leases would hold its partitions up for their 15 s: time passes at once here.
  if (crashed) await expireLeases(store);
  return { writes, crashed };
}

/** A process of `script` with the store-write trace on: its writes as it makes them, and when it exits. */
export function tracedProcess(script: string, variables: Record<string, string | undefined>, args: string[] = []) {
  const child = spawn(process.execPath, [join(root, script), ...args], { env: { ...variables, STORE_WRITE_TRACE: '1' }, stdio: ['ignore', 'pipe', 'ignore'] });
  const writes: string[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) if (line.startsWith('store-write ')) writes.push(line.split(' ').slice(2).join(' '));
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  return { child, writes, exited, stop: () => stop(child) };
}

/** Expires every lease at once, as if the time of a dead or frozen holder's had passed. */
export async function expireLeases(store: Connection): Promise<void> {
  await store.collection(ProjectionCollection.Locks).updateMany({ until: { $exists: true } }, { $set: { until: new Date(0) } });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await new Promise((resolve) => child.once('exit', resolve));
  clearTimeout(killer);
}

/**
 * Forgets every read model and what projected it (their collections, the projectors' checkpoints, locks and parked
 * events), so that the next worker projects the whole log from the start; the log and side-effect consumers' progress
 * (e-mail) stay.
 */
export async function forgetReadModels(workers: INestApplicationContext): Promise<void> {
  const readModels = workers.get(ReadModels);
  await readModels.refresh();
  const owners = workers.get<Projector[]>(PROJECTORS).filter((projector) => projector.owns?.length);
  const db = readModels.db;
  const collections = owners.flatMap((projector) => projector.owns!.map((name) => readModels.physical(name)));
  for (const name of [...collections, READ_MODEL_VERSIONS_COLLECTION, ProjectionCollection.Locks, ProjectionCollection.Parked]) {
    await db.dropCollection(name).catch(() => undefined);
  }
  // Their checkpoints go too (those of projectors with side effects only, e-mail, stay: nothing is sent twice).
  await db.collection(ProjectionCollection.Checkpoints).updateMany({}, { $unset: Object.fromEntries(owners.map((projector) => [`projectors.${projector.name}`, ''])) });
  await readModels.refresh();
}

/** The read models of every projector that owns some. */
export const ownedReadModels = (workers: INestApplicationContext) => workers.get<Projector[]>(PROJECTORS).flatMap((projector) => projector.owns ?? []);

/**
 * The crash points to run: all of 1..total with CRASH_POINTS=all (`npm run test:crash-points`), those listed with
 * CRASH_POINTS=k1,k2,…, else `sample` of them (or CRASH_POINTS of them) spread evenly with a random offset (CI's
 * bounded budget), each run covering other points.
 */
export function crashPoints(total: number, sample: number): number[] {
  if (process.env.CRASH_POINTS === 'all') return Array.from({ length: total }, (_, i) => i + 1);
  if (process.env.CRASH_POINTS?.includes(',')) return process.env.CRASH_POINTS.split(',').map(Number);
  const count = Math.min(total, Number(process.env.CRASH_POINTS ?? sample));
  const step = total / count;
  const offset = Math.random() * step;
  return [...new Set(Array.from({ length: count }, (_, i) => Math.min(total, 1 + Math.floor(offset + i * step))))];
}
