import { readFileSync } from 'node:fs';

/** One restart of the embedded store by its supervisor: when, why, and the goroutine dump it kept (null: none). */
export interface StoreRestart {
  at: string;
  reason: string;
  dump: string | null;
}

/** The embedded store's restarts: how many since its data folder was made, and the latest. */
export interface StoreRestarts {
  total: number;
  last: StoreRestart | null;
}

/**
 * The restarts recorded by the embedded store's supervisor (scripts/lib/store-supervisor.cjs writes the file
 * STORE_RESTARTS_FILE names, `{ total, restarts: [...] }`), or null when the site runs on a store nobody supervises
 * here (MONGO_URL set: a production MongoDB, restarted by its own orchestrator). A file not written yet is no restart.
 */
export function readStoreRestarts(file: string | undefined): StoreRestarts | null {
  if (!file) return null;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { total: 0, last: null };
  }
  try {
    const record = JSON.parse(text) as { total?: unknown; restarts?: unknown };
    const restarts = Array.isArray(record.restarts) ? (record.restarts as StoreRestart[]) : [];
    return { total: typeof record.total === 'number' ? record.total : restarts.length, last: restarts.at(-1) ?? null };
  } catch {
    // Half-written by hand or damaged: the supervisor writes it whole (rename), so this is not its doing.
    return { total: 0, last: null };
  }
}
