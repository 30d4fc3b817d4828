import { PersonalKeys } from '@shelf/server-config';
import type { Db } from 'mongodb';

const ofDb = new WeakMap<Db, PersonalKeys>();

/** The personal keys the log's readers of this process open events with: one cache per store (docs/architecture.md, "Erasure"). */
export function personalKeysOf(db: Db): PersonalKeys {
  let keys = ofDb.get(db);
  if (!keys) ofDb.set(db, (keys = new PersonalKeys(() => db)));
  return keys;
}
