import { EventLogCollection } from '@shelf/contracts';
import type { Db } from 'mongodb';
import { LOG_MIGRATION_COLLECTION, type LogMigrationCheckpoint } from './log-migration';

/** The name `npm run log:migrate` keeps the log before it under: `events_before_migration_<base-36 start time>`. */
const BACKUP_NAME = /^events_before_migration_([0-9a-z]+)$/;

export interface LogBackup {
  name: string;
  /** Its events, as the store estimates them. */
  events: number;
  /** Since when it is kept: the switch, or the migration's start when the checkpoint does not name it. */
  since: Date;
}

/**
 * The logs `npm run log:migrate` kept as they were before it (docs/operations.md, "The log migration"): they hold the
 * password hashes and the personal data in plain text the migration took out of the log, until they are dropped.
 */
export async function logBackups(db: Db): Promise<LogBackup[]> {
  const checkpoint = await db.collection<LogMigrationCheckpoint>(LOG_MIGRATION_COLLECTION).findOne({ _id: 'events' });
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map(({ name }) => name).filter((name) => BACKUP_NAME.test(name));
  return Promise.all(
    names.sort().map(async (name) => ({
      name,
      events: await db.collection(name).estimatedDocumentCount(),
      since: (checkpoint?.backup === name ? checkpoint.switchedAt : undefined) ?? new Date(parseInt(BACKUP_NAME.exec(name)![1], 36)),
    })),
  );
}

export type DropOutcome =
  | { outcome: 'dropped'; backups: LogBackup[] }
  /** Nothing to drop: no migration, or its backups dropped before. */
  | { outcome: 'none' }
  /** A migration round under way: what it keeps is not a backup yet (`events` may be the only log). */
  | { outcome: 'not-switched'; phase: LogMigrationCheckpoint['phase'] };

/**
 * `npm run log:drop-backup`: drops the logs the migration's rounds kept, once the last round has switched (and the log
 * it switched to is in place), and notes when in its checkpoint. Running it again finds nothing to drop.
 */
export async function dropLogBackup(db: Db): Promise<DropOutcome> {
  const checkpoints = db.collection<LogMigrationCheckpoint>(LOG_MIGRATION_COLLECTION);
  const checkpoint = await checkpoints.findOne({ _id: 'events' });
  if (!checkpoint) return { outcome: 'none' };
  if (checkpoint.phase !== 'switched') return { outcome: 'not-switched', phase: checkpoint.phase };
  const backups = await logBackups(db);
  if (backups.length === 0) return { outcome: 'none' };
  if ((await db.listCollections({ name: EventLogCollection.Events }, { nameOnly: true }).toArray()).length === 0) {
    throw new Error(`the log (${EventLogCollection.Events}) is missing: ${backups.map(({ name }) => name).join(', ')} may hold the only copy, so they are kept`);
  }
  for (const { name } of backups) await db.dropCollection(name);
  await checkpoints.updateOne({ _id: 'events' }, { $set: { backupDroppedAt: new Date(), updatedAt: new Date() } });
  return { outcome: 'dropped', backups };
}
