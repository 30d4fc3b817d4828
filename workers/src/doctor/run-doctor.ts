import { MongoClient } from 'mongodb';
import type { ServiceEnv } from '../config/service-env';
import { checkRedis, checkSearch, checkSmtp, checkStore } from './dependency-checks';
import {
  CHECK_NAMES,
  type CheckName,
  type CheckResult,
  type DoctorChecks,
  type DoctorData,
  type DoctorReport,
  exitCodeOf,
  type Outcome,
  summaryOf,
} from './doctor-report';
import { checkLogBackup } from './log-backup-check';
import { checkPersonalKeys } from './personal-keys-check';
import { checkMailOutbox, checkParked, checkProjections, checkReadModels, type ProjectorInfo } from './store-checks';

/** Every check gives up after this: a dead dependency is reported, never waited on. */
export const CHECK_TIMEOUT_MS = 3000;
/** Starting the workers' context (to learn their projectors) connects and starts the search engine: it gets longer. */
export const WORKERS_TIMEOUT_MS = 15_000;

export interface DoctorOptions {
  env: ServiceEnv;
  /** The workers' projectors (their PROJECTORS provider); asked once the store answers. */
  projectors: () => Promise<readonly ProjectorInfo[]>;
  timeoutMs?: number;
  workersTimeoutMs?: number;
  /** Called with each check as soon as it and those before it are done, in the order of CHECK_NAMES. */
  onCheck?: (name: CheckName, result: CheckResult) => void;
}

/** Rejects when `work` has not settled within `ms` (the work itself goes on, unheeded). */
export async function within<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms)));
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/** Runs a check within the time limit and times it; an error or no answer in time is `down`. */
async function timed<D>(ms: number, work: () => Promise<Outcome<D>>): Promise<CheckResult<D>> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const { status, summary, details = [], data } = await within(ms, work);
    return { status, summary, ms: took(), details, data };
  } catch (error) {
    return { status: 'down', summary: `down · ${reason(error)}`, ms: took(), details: [] };
  }
}

const skipped = <D>(why: string): CheckResult<D> => ({ status: 'skipped', summary: `not checked: ${why}`, ms: 0, details: [] });

/**
 * Checks the site's dependencies and the workers' progress through the log, side by side, each within its time limit,
 * and reports them in a fixed order as they complete. Checks of what the store holds wait for the store to answer.
 */
export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const { env, timeoutMs = CHECK_TIMEOUT_MS, workersTimeoutMs = WORKERS_TIMEOUT_MS } = options;
  const client = new MongoClient(env.mongoUrl, { serverSelectionTimeoutMS: timeoutMs, connectTimeoutMS: timeoutMs, timeoutMS: timeoutMs });
  const db = client.db();
  try {
    const store = timed(timeoutMs, () => checkStore(client, env.storeRestartsFile));
    const storeUp = store.then((result) => result.status !== 'down');
    const onStore = <D>(ms: number, work: () => Promise<Outcome<D>>) => storeUp.then((up) => (up ? timed(ms, work) : skipped<D>('the store is down')));
    // The workers' projectors; without them (their context did not start) the log checks use what the store holds.
    let loaded: readonly ProjectorInfo[] | null = null;
    const workers = onStore(workersTimeoutMs, async (): Promise<Outcome<DoctorData['workers']>> => {
      loaded = await options.projectors();
      const names = loaded.map((projector) => projector.name);
      return { status: 'ok', summary: `${names.length} projectors: ${names.join(', ')}`, data: { projectors: names } };
    });
    const projectors = workers.then(() => loaded);
    const pending: { [K in CheckName]: Promise<CheckResult<DoctorData[K]>> } = {
      store,
      redis: timed(timeoutMs, () => checkRedis(env, timeoutMs)),
      search: storeUp.then((up) => timed(timeoutMs, () => checkSearch(env, client, up))),
      smtp: timed(timeoutMs, () => checkSmtp(env, timeoutMs)),
      workers,
      projections: projectors.then((names) => onStore(timeoutMs, () => checkProjections(db, names?.map((projector) => projector.name) ?? null))),
      parked: onStore(timeoutMs, () => checkParked(db)),
      mailOutbox: onStore(timeoutMs, () => checkMailOutbox(db)),
      readModels: projectors.then((known) => onStore(timeoutMs, () => checkReadModels(db, known))),
      logBackup: onStore(timeoutMs, () => checkLogBackup(db)),
      personalKeys: onStore(timeoutMs, () => checkPersonalKeys(db)),
    };
    const checks = {} as Record<CheckName, CheckResult>;
    for (const name of CHECK_NAMES) {
      checks[name] = await pending[name];
      options.onCheck?.(name, checks[name]);
    }
    const done = checks as DoctorChecks;
    return { at: new Date().toISOString(), exitCode: exitCodeOf(done), summary: summaryOf(done), checks: done };
  } finally {
    await client.close(true).catch(() => undefined);
  }
}
