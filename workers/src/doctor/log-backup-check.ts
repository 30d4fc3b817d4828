import type { Db } from 'mongodb';
import { logBackups } from '../log-migration/log-backup';
import type { DoctorData, Outcome } from './doctor-report';
import { ageOf } from './store-checks';

/**
 * The log `npm run log:migrate` kept for a rollback: it holds the old password hashes and the personal data in plain
 * text the migration took out of the log (erasures do not reach it), so it needs an operator to drop it.
 */
export async function checkLogBackup(db: Db, now = Date.now()): Promise<Outcome<DoctorData['logBackup']>> {
  const backups = (await logBackups(db)).map(({ name, events, since }) => ({ name, events, since: since.toISOString(), ageMs: now - since.getTime() }));
  const data = { backups };
  if (backups.length === 0) return { status: 'ok', summary: 'none kept', data };
  const details = [
    ...backups.map(({ name, events, ageMs }) => `${name}: ${events} events, kept ${ageOf(ageMs)}`),
    'the log before the migration: old password hashes and personal data in plain text, which erasures do not reach',
    'drop it with `npm run log:drop-backup` once the site runs well on the migrated log',
  ];
  const oldest = Math.max(...backups.map((backup) => backup.ageMs));
  return { status: 'attention', summary: `${backups.map((backup) => backup.name).join(', ')} kept ${ageOf(oldest)}, with old password hashes and plain personal data`, details, data };
}
