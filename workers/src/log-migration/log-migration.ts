import { EventLogCollection, PERSONAL_FIELDS } from '@shelf/contracts';
import type { PersonalKeys } from '@shelf/server-config';
import type { Db } from 'mongodb';
import { createHash } from 'node:crypto';
import { type CopyCounts, copyEvents } from './copy-events';
import { headsOf, quietHeads, switchLog } from './switch-log';
import { type Verification, verifyMigratedLog } from './verify-migrated-log';

/** Where the migration keeps its checkpoint (one document), and the collection it copies the log into. */
export const LOG_MIGRATION_COLLECTION = 'log_migration';
export const MIGRATED_EVENTS = 'events_migrated';
/** How long the partition heads must hold still before the switch: no append meanwhile, the API stopped. */
export const QUIET_MS = 3000;

/**
 * The personal-field list (PERSONAL_FIELDS: each event type and its fields) as one digest. A migration round seals by
 * the list it was run with and records its digest; when a later release lists more fields, the digests differ and
 * `npm run log:migrate` runs a new round, which seals what the older list left plain.
 */
export function personalFieldsDigest(fields = PERSONAL_FIELDS): string {
  const listed = Object.keys(fields)
    .sort()
    .map((type) => [type, Object.keys(fields[type]!.fields).sort()]);
  return createHash('sha256').update(JSON.stringify(listed)).digest('hex').slice(0, 16);
}

/**
 * The migration's one checkpoint document: its round's phase, the name the log is kept under once replaced, and what
 * the copy did. The copy's progress itself is what the migrated collection holds (copyEvents), so a kill anywhere
 * loses nothing.
 */
export interface LogMigrationCheckpoint {
  _id: 'events';
  /** The personalFieldsDigest the round seals by; none: a round of a release before rounds, which sealed fewer fields. */
  fields?: string;
  /** 'copying' until the switch starts; 'switching' from then, so a kill between the renames is finished by a re-run. */
  phase: 'copying' | 'switching' | 'switched';
  backup: string;
  /** The counts of the copy's passes, added up over every run. */
  copied: number;
  rewritten: number;
  credentials: number;
  chunks: number;
  startedAt: Date;
  updatedAt: Date;
  switchedAt?: Date;
  /** When `npm run log:drop-backup` dropped the backup. */
  backupDroppedAt?: Date;
}

export type LogMigrationProgress = { phase: 'copy' | 'catch-up'; counts: CopyCounts } | { phase: 'quiet' | 'verify' | 'switch' };

export type LogMigrationResult =
  | { outcome: 'switched'; checkpoint: LogMigrationCheckpoint; verification: Verification; rescued: number }
  | { outcome: 'already-switched'; checkpoint: LogMigrationCheckpoint }
  /** Appends went on: the copy is kept; stop the API and run again. */
  | { outcome: 'not-quiet'; checkpoint: LogMigrationCheckpoint }
  | { outcome: 'verification-failed'; checkpoint: LogMigrationCheckpoint; verification: Verification };

export interface LogMigrationDeps {
  db: Db;
  keys: PersonalKeys;
  quietMs?: number;
  /** Events per chunk of the copy (COPY_CHUNK). */
  chunk?: number;
  onProgress?(progress: LogMigrationProgress): void;
}

/**
 * The log migration (`npm run log:migrate`, docs/operations.md), a round per personal-field list: copies `events` into `events_migrated`,
 * every v1 account event rewritten as v2 with its password hash moved into a credential and every plain personal field
 * sealed (migrateEvent), while the site runs; once no append comes for QUIET_MS (the API stopped), copies what came
 * since, verifies the copy (verifyMigratedLog) and switches: `events` kept as the backup named in the checkpoint,
 * `events_migrated` in its place. Positions (`event_positions`) point at the same `_id`s and event ids and stay. Any
 * step may be killed and the command run again: it goes on from its checkpoint and what the copy holds. A round that
 * switched under the current list is done; one that switched under another starts a new round (a new backup), and a
 * copy made under another list is started again.
 */
export async function migrateLog({ db, keys, quietMs = QUIET_MS, chunk, onProgress = () => undefined }: LogMigrationDeps): Promise<LogMigrationResult> {
  const checkpoints = db.collection<LogMigrationCheckpoint>(LOG_MIGRATION_COLLECTION);
  const fields = personalFieldsDigest();
  const now = new Date();
  const round = (): LogMigrationCheckpoint => ({
    _id: 'events',
    fields,
    phase: 'copying',
    backup: `events_before_migration_${now.getTime().toString(36)}`,
    copied: 0,
    rewritten: 0,
    credentials: 0,
    chunks: 0,
    startedAt: now,
    updatedAt: now,
  });
  let checkpoint = (await checkpoints.findOneAndUpdate({ _id: 'events' }, { $setOnInsert: round() }, { upsert: true, returnDocument: 'after' }))!;
  if (checkpoint.phase === 'switched' && checkpoint.fields === fields) return { outcome: 'already-switched', checkpoint };
  if (checkpoint.phase !== 'switching' && checkpoint.fields !== fields) {
    // A round under another list: switched (its backup stays until log:drop-backup), or a copy sealed by that list.
    if ((await db.listCollections({ name: MIGRATED_EVENTS }, { nameOnly: true }).toArray()).length > 0) await db.dropCollection(MIGRATED_EVENTS);
    checkpoint = round();
    await checkpoints.replaceOne({ _id: 'events' }, checkpoint);
  }
  if (checkpoint.phase === 'copying') {
    await indexLike(db, EventLogCollection.Events, MIGRATED_EVENTS);
    const copy = async (phase: 'copy' | 'catch-up') => {
      const base = { ...checkpoint };
      const counts = await copyEvents({
        db,
        keys,
        source: EventLogCollection.Events,
        target: MIGRATED_EVENTS,
        chunk,
        onChunk: async (counts) => {
          checkpoint = { ...checkpoint, copied: base.copied + counts.copied, rewritten: base.rewritten + counts.rewritten, credentials: base.credentials + counts.credentials, chunks: base.chunks + counts.chunks, updatedAt: new Date() };
          await checkpoints.replaceOne({ _id: 'events' }, checkpoint);
          onProgress({ phase, counts });
        },
      });
      return counts;
    };
    await copy('copy');
    onProgress({ phase: 'quiet' });
    const heads = await quietHeads(db, quietMs);
    if (heads === null) return { outcome: 'not-quiet', checkpoint };
    await copy('catch-up');
    onProgress({ phase: 'verify' });
    const verification = await verifyMigratedLog(db, keys, EventLogCollection.Events, MIGRATED_EVENTS);
    if (verification.problemCount > 0) return { outcome: 'verification-failed', checkpoint, verification };
    if ((await headsOf(db)) !== heads) return { outcome: 'not-quiet', checkpoint };
    checkpoint = { ...checkpoint, phase: 'switching', updatedAt: new Date() };
    await checkpoints.replaceOne({ _id: 'events' }, checkpoint);
    onProgress({ phase: 'switch' });
    await switchLog(db, MIGRATED_EVENTS, checkpoint.backup);
    // An append that came after all (the API was not stopped) landed in what is now the backup: copied over.
    const rescued = (await headsOf(db)) === heads ? 0 : await rescue(db, keys, checkpoint.backup);
    return { outcome: 'switched', checkpoint: await markSwitched(db, checkpoint), verification, rescued };
  }
  onProgress({ phase: 'switch' });
  await switchLog(db, MIGRATED_EVENTS, checkpoint.backup);
  const verification = await verifyMigratedLog(db, keys, checkpoint.backup, EventLogCollection.Events);
  return { outcome: 'switched', checkpoint: await markSwitched(db, checkpoint), verification, rescued: 0 };
}

async function markSwitched(db: Db, checkpoint: LogMigrationCheckpoint): Promise<LogMigrationCheckpoint> {
  const switched: LogMigrationCheckpoint = { ...checkpoint, phase: 'switched', switchedAt: new Date(), updatedAt: new Date() };
  await db.collection<LogMigrationCheckpoint>(LOG_MIGRATION_COLLECTION).replaceOne({ _id: 'events' }, switched);
  return switched;
}

async function rescue(db: Db, keys: PersonalKeys, backup: string): Promise<number> {
  const counts = await copyEvents({ db, keys, source: backup, target: EventLogCollection.Events, onChunk: async () => undefined });
  return counts.copied;
}

/** Gives `target` the indexes of `source` (the log's unique event id and stream version), before anything is copied. */
async function indexLike(db: Db, source: string, target: string): Promise<void> {
  for (const { key, name, unique } of await db.collection(source).listIndexes().toArray()) {
    if (name !== '_id_') await db.collection(target).createIndex(key as Record<string, 1 | -1>, { name: name as string, unique: unique === true });
  }
}
