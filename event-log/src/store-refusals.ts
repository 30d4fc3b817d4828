import { MongoBulkWriteError, MongoServerError } from 'mongodb';

/**
 * Whether the store refused a write because its `_id` (or another unique key) is taken: how an insert used as a claim
 * learns that another writer got there first. The log's positions, the workers' leases, batches, checkpoints and
 * outboxes, and the API's refresh tokens all claim by insert.
 */
export const isDuplicateKey = (error: unknown): boolean => (error instanceof MongoServerError || error instanceof MongoBulkWriteError) && error.code === 11000;

/**
 * Whether an unordered bulk insert failed only on documents already stored (every other one was written): inserting
 * again what a killed writer had stored is then done.
 */
export function onlyDuplicateKeys(error: unknown): boolean {
  const failures = error instanceof MongoBulkWriteError ? [error.writeErrors].flat() : error instanceof MongoServerError ? [error] : [];
  return failures.length > 0 && failures.every((failure) => failure.code === 11000);
}
