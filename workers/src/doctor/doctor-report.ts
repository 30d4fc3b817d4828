import type { StoreRestarts } from '@shelf/server-config';

/**
 * What `npm run doctor` found: one result per check, in the order they are printed. A dependency that does not answer
 * is `down` (exit 1); work the site has still to do (log positions behind, parked events, unsent e-mail) needs
 * `attention` (exit 2); a `warn` is worth a look but changes no exit code.
 */
export type CheckStatus = 'ok' | 'warn' | 'attention' | 'down' | 'skipped';

export interface CheckResult<D = unknown> {
  status: CheckStatus;
  /** The check's line. */
  summary: string;
  ms: number;
  /** Lines printed below it (per projector, per read model…). */
  details: string[];
  /** The figures behind the lines, for `--json`. */
  data?: D;
}

/** What a check finds; the runner adds the time it took. */
export type Outcome<D> = Omit<CheckResult<D>, 'ms' | 'details'> & { details?: string[] };

export interface ProjectorProgress {
  /** Log positions still to pass, over all partitions (0: up to date). */
  behind: number;
  /** Only the partitions where it is behind, by partition id (`p03`). */
  partitions: Record<string, number>;
}

export interface DoctorData {
  store: { server: string; restarts: StoreRestarts | null };
  redis: { version: string; maxmemoryPolicy: string; aof: boolean };
  search: { engine: 'meilisearch' | 'embedded' };
  smtp: { server: string };
  workers: { projectors: string[] };
  projections: { projectors: Record<string, ProjectorProgress>; source: 'workers' | 'checkpoints' };
  parked: { total: number; byProjector: Record<string, number> };
  /** E-mail not sent yet, and among it what failed every try (state `failed`, by outbox id) and waits for an operator. */
  mailOutbox: { unsent: number; failed: number; failedIds: string[]; oldestAt: string | null; oldestAgeMs: number | null };
  readModels: { collections: Record<string, string>; rebuilt: Record<string, string>; leftovers: string[] };
  /** The logs `npm run log:migrate` kept, which hold old password hashes and personal data in plain text. */
  logBackup: { backups: { name: string; events: number; since: string; ageMs: number }[] };
  /** Sealed fields that did not open under a live key (by `unopenable_fields` id), and keys still stored unwrapped. */
  personalKeys: { unopenable: number; unopenableIds: string[]; unwrapped: number };
}

export type CheckName = keyof DoctorData;

/** The order of the checks, as printed. */
export const CHECK_NAMES: readonly CheckName[] = ['store', 'redis', 'search', 'smtp', 'workers', 'projections', 'parked', 'mailOutbox', 'readModels', 'personalKeys', 'logBackup'];

/** How each check is named on its line and in the summary. */
export const CHECK_LABELS: Record<CheckName, string> = {
  store: 'store',
  redis: 'redis',
  search: 'search',
  smtp: 'smtp',
  workers: 'workers',
  projections: 'projections',
  parked: 'parked',
  mailOutbox: 'mail outbox',
  readModels: 'read models',
  logBackup: 'log backup',
  personalKeys: 'keys',
};

export type DoctorChecks = { [K in CheckName]: CheckResult<DoctorData[K]> };

export interface DoctorReport {
  at: string;
  exitCode: 0 | 1 | 2;
  summary: string;
  checks: DoctorChecks;
}

/** 1 when something is down, else 2 when something needs attention, else 0. */
export function exitCodeOf(checks: DoctorChecks): DoctorReport['exitCode'] {
  const statuses = Object.values(checks).map((check) => check.status);
  if (statuses.includes('down')) return 1;
  return statuses.includes('attention') ? 2 : 0;
}

/** The last line: what is down, or what needs attention, or that all is well. */
export function summaryOf(checks: DoctorChecks): string {
  const named = (status: CheckStatus) => CHECK_NAMES.filter((name) => checks[name].status === status);
  const labels = (status: CheckStatus) => named(status).map((name) => CHECK_LABELS[name]).join(', ');
  const code = exitCodeOf(checks);
  const warnings = named('warn').length;
  const andWarnings = warnings > 0 ? `; ${warnings} warning${warnings > 1 ? 's' : ''} (${labels('warn')})` : '';
  if (code === 1) return `DOWN: ${labels('down')}${andWarnings} (exit 1)`;
  if (code === 2) return `NEEDS ATTENTION: ${named('attention').map((name) => `${CHECK_LABELS[name]} (${checks[name].summary})`).join('; ')}${andWarnings} (exit 2)`;
  return `OK: every dependency answers; nothing behind, parked or unsent${andWarnings} (exit 0)`;
}
