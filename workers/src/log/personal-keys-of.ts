import { KeyEncryptionKey, PersonalKeys } from '@shelf/server-config';
import type { Db } from 'mongodb';

const ofDb = new WeakMap<Db, PersonalKeys>();

/**
 * The personal keys the log's readers of this process open events with: one cache per store (docs/architecture.md,
 * "Erasure"), unwrapped with the process's KEY_ENCRYPTION_KEY, which the workers' schema checked as they started.
 */
export function personalKeysOf(db: Db): PersonalKeys {
  let keys = ofDb.get(db);
  if (!keys) ofDb.set(db, (keys = new PersonalKeys(() => db, new KeyEncryptionKey(process.env.KEY_ENCRYPTION_KEY?.trim() ?? ''))));
  return keys;
}
