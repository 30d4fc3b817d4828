import type { CommittedWrites } from '@shelf/contracts';
import { type Db, type Document, MongoBulkWriteError } from 'mongodb';
import { inChunks } from '../store-bulk';

/** The field of a read-model document that names the committed batch it reflects (docs/architecture.md). */
export const STAMP = '_batch';
/** What leases stamped documents with before batches were committed (still on documents not written since). */
const OLD_FENCE = '_fence';
/** New documents inserted in one command (the embedded store takes about 25 ms for 500). */
const INSERT_CHUNK = 500;

/** A read-model document as a projector sees it: without the batch that wrote it. */
export function unstamped<T extends Document>(doc: T): T {
  delete doc[STAMP];
  delete doc[OLD_FENCE];
  return doc;
}

/**
 * Writes a batch's documents. Stamped with `batch` (a committed batch of a partition), each is written only over a
 * document of an earlier batch (or none), so applying a batch twice, or late, never takes a document back; without
 * (a rebuild's new collections, a test's straight apply) they are written as they are.
 */
export async function applyWrites(db: Db, writes: readonly CommittedWrites[], batch?: number): Promise<void> {
  const stamp = (doc: { _id: string }) => (batch === undefined ? doc : { ...doc, [STAMP]: batch });
  const filter = (_id: string) => (batch === undefined ? { _id } : { _id, $or: [{ [STAMP]: { $lt: batch } }, { [STAMP]: { $exists: false } }] });
  for (const { collection, inserted, replaced } of writes) {
    const target = db.collection<{ _id: string }>(collection);
    const rest = [...replaced];
    for (let i = 0; i < inserted.length; i += INSERT_CHUNK) {
      const chunk = inserted.slice(i, i + INSERT_CHUNK);
      try {
        await target.insertMany(chunk.map(stamp), { ordered: false });
      } catch (error) {
        // Stored since it was read (this batch applied before, or written by a later one): replaced below if older.
        rest.push(...refusals(error).map((failure) => chunk[failure.index]));
      }
    }
    // A chunk at a time (BULK_WRITE_CHUNK). A later batch's document refuses the filter, and the upsert's insert then
    // meets its `_id`: the duplicate key is that refusal.
    for (const chunk of inChunks(rest)) {
      try {
        await target.bulkWrite(
          chunk.map((doc) => ({ replaceOne: { filter: filter(doc._id) as never, replacement: stamp(doc), upsert: true } })),
          { ordered: false },
        );
      } catch (error) {
        refusals(error);
      }
    }
  }
}

/**
 * The documents of a bulk write that the store refused by their `_id` (duplicate keys: a later batch's document, or
 * this batch's written already); any other failure is thrown. A bulk write that timed out or lost its connection fails
 * with no write errors at all: it is not a refusal, and its batch is not written.
 */
function refusals(error: unknown): { index: number }[] {
  const failures = error instanceof MongoBulkWriteError ? [error.writeErrors].flat() : [];
  if (failures.length === 0 || failures.some((failure) => failure.code !== 11000)) throw error;
  return failures;
}
