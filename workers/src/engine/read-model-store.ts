/** What projectors and the engine's writers share about a read model's documents: read and written by `_id` alone. */

export interface ById {
  _id: string;
}

export interface ReadModelUpdate {
  $set?: Record<string, unknown>;
  $unset?: Record<string, ''>;
}

/**
 * What a projector may do to a read model: look up, write and change documents by `_id` alone (the one lookup the
 * embedded store answers without a scan), changing fields with `$set`/`$unset` on paths. A store collection is one;
 * so is a rebuild's buffer (see WriteBuffers).
 */
export interface ReadModelStore<T extends ById> {
  findOne(filter: ById): Promise<T | null>;
  insertOne(doc: T): Promise<unknown>;
  replaceOne(filter: ById, doc: Omit<T, '_id'>, options?: { upsert?: boolean }): Promise<unknown>;
  updateOne(filter: ById, update: ReadModelUpdate, options?: { upsert?: boolean }): Promise<unknown>;
}

/** The stores of the read models, by name, that a writer of shared documents writes through (see exclusive). */
export type SharedStores = <T extends ById>(readModel: string) => ReadModelStore<T>;
