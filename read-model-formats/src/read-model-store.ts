/** What the read models' writers and readers share about a read model's documents: read and written by `_id` alone. */

export interface ById {
  _id: string;
}

export interface ReadModelUpdate {
  $set?: Record<string, unknown>;
  $unset?: Record<string, ''>;
}

/**
 * What a writer may do to a read model: look up, write and change documents by `_id` alone (the one lookup the
 * embedded store answers without a scan), changing fields with `$set`/`$unset` on paths. A store collection is one;
 * so is the workers' buffer of it (their WriteBuffers).
 */
export interface ReadModelStore<T extends ById> {
  findOne(filter: ById): Promise<T | null>;
  insertOne(doc: T): Promise<unknown>;
  replaceOne(filter: ById, doc: Omit<T, '_id'>, options?: { upsert?: boolean }): Promise<unknown>;
  updateOne(filter: ById, update: ReadModelUpdate, options?: { upsert?: boolean }): Promise<unknown>;
}
