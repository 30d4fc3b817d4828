import { CREDENTIALS_COLLECTION, type CredentialDocument, type StoredEventDocument } from '@shelf/contracts';
import { LONG_SCAN, type PersonalKeys } from '@shelf/server-config';
import type { Collection, Db, OptionalUnlessRequiredId } from 'mongodb';
import { migrateEvent } from './migrate-event';
import { onlyDuplicateKeys } from '@shelf/event-log';

/** Events migrated and written per chunk, unless told otherwise: one insert of credentials and one of events each. */
export const COPY_CHUNK = 500;

/** What one copy did, chunk by chunk: events written, of which rewritten (a v1 turned v2, or fields sealed), and credentials written. */
export interface CopyCounts {
  copied: number;
  rewritten: number;
  credentials: number;
  chunks: number;
}

export interface CopyEvents {
  db: Db;
  keys: PersonalKeys;
  source: string;
  target: string;
  chunk?: number;
  /** After each chunk is stored, with the counts so far (the migration's checkpoint). */
  onChunk(counts: CopyCounts): Promise<void>;
}

/**
 * Copies into `target` every event of `source` it does not hold yet, migrated (migrateEvent), in chunks: the
 * credentials first, then the events, so a stored event never names a missing credential. What the target holds is
 * what is done, so a copy killed anywhere, run again, goes on from there (one read of the target's `_id`s), and a copy
 * run while the API appends takes what came since on its next run. Both inserts skip documents stored already (a chunk
 * cut short by a kill), and a migrated event is the same whenever it is migrated, but for its sealed fields' random IVs.
 */
export async function copyEvents({ db, keys, source, target, chunk: size = COPY_CHUNK, onChunk }: CopyEvents): Promise<CopyCounts> {
  const events = db.collection<StoredEventDocument>(target);
  const held = new Set<string>();
  for await (const { _id } of events.find({}, { projection: { _id: 1 }, batchSize: 5000, ...LONG_SCAN })) held.add(_id);
  const counts: CopyCounts = { copied: 0, rewritten: 0, credentials: 0, chunks: 0 };
  let chunk: StoredEventDocument[] = [];
  const store = async () => {
    const migrated = await Promise.all(chunk.map((stored) => migrateEvent(stored, keys)));
    const credentials = migrated.flatMap(({ credential }) => (credential ? [credential] : []));
    await insertNew(db.collection<CredentialDocument>(CREDENTIALS_COLLECTION), credentials);
    await insertNew(events, migrated.map(({ event }) => event));
    counts.copied += chunk.length;
    counts.rewritten += migrated.filter(({ changed }) => changed).length;
    counts.credentials += credentials.length;
    counts.chunks += 1;
    chunk = [];
    await onChunk({ ...counts });
  };
  for await (const stored of db.collection<StoredEventDocument>(source).find({}, { batchSize: size, ...LONG_SCAN })) {
    if (held.has(stored._id)) continue;
    chunk.push(stored);
    if (chunk.length >= size) await store();
  }
  if (chunk.length > 0) await store();
  return counts;
}

/** Inserts the documents, passing over those whose `_id` is stored already. */
async function insertNew<T extends { _id: string }>(collection: Collection<T>, docs: T[]): Promise<void> {
  if (docs.length === 0) return;
  try {
    await collection.insertMany(docs as OptionalUnlessRequiredId<T>[], { ordered: false });
  } catch (error) {
    if (!onlyDuplicateKeys(error)) throw error;
  }
}
