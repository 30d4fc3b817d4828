import { CREDENTIALS_COLLECTION, type CredentialDocument, isSealed, PERSONAL_FIELDS, RETIRED_SECRETS, type StoredEventDocument } from '@shelf/contracts';
import { LONG_SCAN, type PersonalKeys } from '@shelf/server-config';
import type { Db } from 'mongodb';
import { migratedCredentialId } from './migrate-event';

/** Problems listed at most; past it the verification only counts them. */
const LISTED = 20;

export interface Verification {
  events: number;
  streams: number;
  /** What is wrong with the migrated log, the first few of them (none: it may replace the log). */
  problems: string[];
  problemCount: number;
}

/** Whether a `passwordHash` field is anywhere in the value, however deep. */
function holdsPasswordHash(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsPasswordHash);
  if (typeof value !== 'object' || value === null || value instanceof Date) return false;
  return Object.entries(value).some(([key, inner]) => key === 'passwordHash' || holdsPasswordHash(inner));
}

/**
 * Checks the migrated log against the log it was copied from: the same documents (`_id`) with the same event ids,
 * streams and versions; every stream's versions 1..n without a gap; no `passwordHash` anywhere and no v1 account type
 * left; no personal field in plain text (each is sealed, or reads as erased); and every credential a migrated event
 * names stored, but for erased accounts'. Reads both collections once by cursor, then each migrated credential by `_id`.
 */
export async function verifyMigratedLog(db: Db, keys: PersonalKeys, source: string, target: string): Promise<Verification> {
  const problems: string[] = [];
  let problemCount = 0;
  const problem = (text: string) => {
    problemCount += 1;
    if (problems.length < LISTED) problems.push(text);
  };
  const original = new Map<string, string>();
  for await (const doc of db.collection<StoredEventDocument>(source).find({}, { projection: { _id: 1, eventId: 1 }, batchSize: 5000, ...LONG_SCAN })) original.set(doc._id, doc.eventId);
  const versions = new Map<string, number[]>();
  const credentials: { eventId: string; userId: string; credentialId: string }[] = [];
  let events = 0;
  for await (const doc of db.collection<StoredEventDocument>(target).find({}, { batchSize: 2000, ...LONG_SCAN })) {
    events += 1;
    const eventId = original.get(doc._id);
    if (eventId === undefined) problem(`${doc._id} is not in ${source}`);
    else if (eventId !== doc.eventId) problem(`${doc._id} holds event ${doc.eventId}, ${source} ${eventId}`);
    original.delete(doc._id);
    if (versions.has(doc.streamId)) versions.get(doc.streamId)!.push(doc.version);
    else versions.set(doc.streamId, [doc.version]);
    if (Object.hasOwn(RETIRED_SECRETS, doc.type)) problem(`${doc._id} is still ${doc.type}`);
    if (holdsPasswordHash(doc)) problem(`${doc._id} holds a passwordHash`);
    const data = doc.data as Record<string, unknown>;
    const rule = PERSONAL_FIELDS[doc.type];
    for (const [field, erased] of Object.entries(rule?.fields ?? {})) {
      const value = data[field];
      if (typeof value === 'string' && !isSealed(value) && value !== erased) problem(`${doc._id} holds ${field} in plain text`);
    }
    const credentialId = typeof data?.credentialId === 'string' ? data.credentialId : null;
    if (credentialId === migratedCredentialId(doc.eventId)) credentials.push({ eventId: doc.eventId, userId: data.userId as string, credentialId });
  }
  for (const id of original.keys()) problem(`${id} of ${source} is missing`);
  for (const [streamId, held] of versions) {
    held.sort((a, b) => a - b);
    if (held.some((version, index) => version !== index + 1)) problem(`stream ${streamId} has versions ${held.join(',')}, not 1..${held.length}`);
  }
  const store = db.collection<CredentialDocument>(CREDENTIALS_COLLECTION);
  for (const { eventId, userId, credentialId } of credentials) {
    const credential = await store.findOne({ _id: credentialId });
    if (credential?.userId !== userId && !(await keys.isErased(userId))) problem(`the credential of event ${eventId} is missing`);
  }
  return { events, streams: versions.size, problems, problemCount };
}
