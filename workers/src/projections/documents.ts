import { ProjectionCollection } from '@shelf/contracts';
import { type Collection, type Db, type Filter, MongoServerError, type OptionalUnlessRequiredId, type WithoutId } from 'mongodb';
import { type LockDocument, StoreLocks } from '../log/store-locks';

const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === 11000;

/** Read models are looked up by their string `_id` only: the one lookup the embedded store answers without a scan. */
export interface Documents<T extends { _id: string }> {
  get(id: string): Promise<T | null>;
  put(doc: T, isNew: boolean): Promise<void>;
  /** Runs a read-change-write of one document as its only writer. */
  exclusive<R>(id: string, work: () => Promise<R>): Promise<R>;
}

/** A shared document's lock outlives a writer killed while holding it by at most this long. */
const DOCUMENT_LOCK_MS = 10_000;

/** The locks of shared read-model documents. */
export const documentLocks = (db: Db): StoreLocks => new StoreLocks(db.collection<LockDocument>(ProjectionCollection.Locks));

/** Inserts a new document or replaces an existing one; a racing insert of the same id turns into a replace. */
export async function saveDocument<T extends { _id: string | number }>(collection: Collection<T>, doc: T, isNew: boolean): Promise<void> {
  if (isNew) {
    try {
      await collection.insertOne(doc as OptionalUnlessRequiredId<T>);
      return;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
  await collection.replaceOne({ _id: doc._id } as Filter<T>, doc as WithoutId<T>);
}

/**
 * The live read model: documents in the store. Most documents have one writer, the consumer of the partition their
 * events share (see partitionKey); a document that events of many partitions change (a reader's inbox or liked
 * stories) is given `locks`, and its writers take turns, since the embedded store has no atomic update.
 */
export class CollectionDocuments<T extends { _id: string }> implements Documents<T> {
  /** `locks` (documentLocks) for a shared document. */
  constructor(
    private readonly collection: Collection<T>,
    private readonly locks?: StoreLocks,
  ) {}

  exclusive<R>(id: string, work: () => Promise<R>): Promise<R> {
    return this.locks ? this.locks.withLock(`${this.collection.collectionName}:${id}`, DOCUMENT_LOCK_MS, work) : work();
  }

  get(id: string): Promise<T | null> {
    return this.collection.findOne({ _id: id } as Filter<T>) as Promise<T | null>;
  }

  put(doc: T, isNew: boolean): Promise<void> {
    return saveDocument(this.collection, doc, isNew);
  }
}

/**
 * Raised for an event whose stream has an earlier event not applied yet (a failed job being retried later): the job
 * fails and is retried with backoff, by which time the gap is filled.
 */
export class ProjectionGapError extends Error {
  constructor(streamId: string, expected: number, got: number) {
    super(`${streamId}: expected version ${expected}, got ${got}; will retry`);
  }
}

/** 'apply' for the next version, 'skip' for one already applied; a gap throws ProjectionGapError. */
export function versionStep(streamId: string, applied: number, incoming: number): 'apply' | 'skip' {
  if (incoming <= applied) return 'skip';
  if (incoming > applied + 1) throw new ProjectionGapError(streamId, applied + 1, incoming);
  return 'apply';
}
