import { type Db, type Document, MongoBulkWriteError, MongoServerError } from 'mongodb';
import { inChunks } from '../store-bulk';
import { FENCE, fencedFilter, type Lease, LeaseLost } from './leases';
import type { ById, ReadModelStore, ReadModelUpdate } from './read-models';

/** Documents kept between flushes at most: past this, the buffer starts afresh from the store (memory stays flat). */
const MAX_CACHED = 20_000;
/** Changed documents that make `settle` flush: a document changed many times in between is written once. */
const MAX_DIRTY = 5_000;
/**
 * New documents inserted in one command. The embedded store writes one command at a time: a rebuild's flush of
 * thousands at once would hold live projection's writes up for a second or more; 500 take it about 25 ms.
 */
const INSERT_CHUNK = 500;

interface Cached {
  doc: ById | null;
  /** In the store as of the last flush (a flush inserts the others). */
  stored: boolean;
  dirty: boolean;
}

/**
 * Read models written through a buffer, by their only writer: a rebuild filling new collections, or a partition's
 * consumer with the documents only its partition changes (see Projector.shared). Projectors read and change documents
 * in memory; `flush` writes what changed (new documents inserted in one command, changed ones replaced in a few), so
 * a document changed by many events is written once, and projecting costs a few store calls per batch of events
 * instead of a few per event. Being the only writer, what the buffer holds is what the store holds.
 *
 * `flush` writes the read models in the order they were given (Projector.owns: data before marks), and a partition
 * consumer's buffer writes under its lease: each document carries the lease's epoch, and a write that finds a later
 * epoch's raises LeaseLost (docs/architecture.md, "Ownership").
 */
export class WriteBuffers {
  private readonly buffers: Map<string, BufferedReadModel>;
  private readonly deferred = new Map<string, () => Promise<void>>();

  /** `targets`: read model name → its collection; `fresh` when they are new and empty (nothing to look up). */
  constructor(db: Db, targets: ReadonlyMap<string, string>, { fresh = false, maxCached = MAX_CACHED, lease }: { fresh?: boolean; maxCached?: number; lease?: Lease } = {}) {
    this.buffers = new Map([...targets].map(([readModel, collection]) => [readModel, new BufferedReadModel(db, collection, fresh, maxCached, lease)]));
  }

  get stores(): ReadonlyMap<string, ReadModelStore<ById>> {
    return this.buffers;
  }

  /**
   * Writes from now on under `lease`, a later holding of the same lease with no holding between (its epoch one past the
   * last): nobody else wrote meanwhile, so what the buffers hold is still what the store holds.
   */
  rehold(lease: Lease): void {
    for (const buffer of this.buffers.values()) buffer.lease = lease;
  }

  /** Writes every change to the store, then does the work deferred until then. */
  async flush(): Promise<void> {
    for (const buffer of this.buffers.values()) await buffer.flush();
    for (const [key, work] of this.deferred) {
      await work();
      this.deferred.delete(key);
    }
  }

  /** Work to do once, at the next flush, however often it is deferred under one key before then. */
  defer(key: string, work: () => Promise<void>): void {
    this.deferred.set(key, work);
  }

  /** Flushes once enough has changed. */
  async settle(): Promise<void> {
    const dirty = [...this.buffers.values()].reduce((sum, buffer) => sum + buffer.dirty, 0);
    if (dirty >= MAX_DIRTY) await this.flush();
  }
}

class BufferedReadModel implements ReadModelStore<ById> {
  private cache = new Map<string, Cached>();
  /** Whether the cache holds every document of the collection (a new one, until first emptied): a miss is absent. */
  private complete: boolean;
  private flushed: Promise<void> = Promise.resolve();
  /** Documents changed since the last flush. */
  dirty = 0;

  constructor(
    private readonly db: Db,
    private readonly name: string,
    fresh: boolean,
    private readonly maxCached: number,
    public lease?: Lease,
  ) {
    this.complete = fresh;
  }

  async findOne({ _id }: ById): Promise<ById | null> {
    return structuredClone((await this.load(_id)).doc);
  }

  async insertOne(doc: ById): Promise<void> {
    const entry = await this.load(doc._id);
    if (entry.doc) throw new MongoServerError({ message: `E11000 duplicate key error: ${this.name} ${doc._id}`, code: 11000 });
    this.write(entry, structuredClone(doc));
  }

  async replaceOne({ _id }: ById, doc: Document, options: { upsert?: boolean } = {}): Promise<void> {
    const entry = await this.load(_id);
    if (entry.doc || options.upsert) this.write(entry, { _id, ...structuredClone(doc) });
  }

  async updateOne({ _id }: ById, update: ReadModelUpdate, options: { upsert?: boolean } = {}): Promise<void> {
    const entry = await this.load(_id);
    if (!entry.doc && !options.upsert) return;
    const doc: Document = structuredClone(entry.doc ?? { _id });
    for (const [path, value] of Object.entries(update.$set ?? {})) setPath(doc, path, structuredClone(value));
    for (const path of Object.keys(update.$unset ?? {})) unsetPath(doc, path);
    this.write(entry, doc as ById);
  }

  /** Writes what changed since the last flush; flushes run one after another, while projectors go on changing. */
  flush(): Promise<void> {
    this.flushed = this.flushed.then(() => this.writeChanges());
    return this.flushed;
  }

  private async writeChanges(): Promise<void> {
    const dirty = [...this.cache.values()].filter((entry) => entry.dirty && entry.doc);
    const fresh = dirty.filter((entry) => !entry.stored).map((entry) => entry.doc!);
    const changed = dirty.filter((entry) => entry.stored).map((entry) => entry.doc!);
    // Counted as written before the writes: a document changed meanwhile is written again, by replacing it.
    for (const entry of dirty) Object.assign(entry, { stored: true, dirty: false });
    this.dirty = 0;
    const collection = this.db.collection<ById>(this.name);
    const fence = this.lease ? { [FENCE]: this.lease.epoch } : {};
    for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
      const chunk = fresh.slice(i, i + INSERT_CHUNK);
      try {
        await collection.insertMany(chunk.map((doc) => ({ ...doc, ...fence })), { ordered: false });
      } catch (error) {
        // A document that was not there when read has been written since: by a holder this one's fenced write overrides
        // (one that lost the lease to it), or by a later holder, whose epoch refuses the replacement below.
        if (!this.lease || !(error instanceof MongoBulkWriteError)) throw error;
        const errors = [error.writeErrors].flat();
        if (errors.some((failure) => failure.code !== 11000)) throw error;
        changed.push(...errors.map((failure) => chunk[failure.index]));
      }
    }
    // Replaced a chunk at a time (BULK_WRITE_CHUNK); replacing costs the embedded store about 1 ms a document either
    // way, against 0.1 ms to insert one.
    for (const chunk of inChunks(changed)) {
      const filter = (_id: string) => (this.lease ? fencedFilter(_id, this.lease.epoch) : { _id });
      const result = await collection.bulkWrite(chunk.map((doc) => ({ replaceOne: { filter: filter(doc._id) as never, replacement: { ...doc, ...fence } } })), { ordered: false });
      if (this.lease && result.matchedCount < chunk.length) throw new LeaseLost(this.lease.id, this.lease.epoch, `${this.name} was written by a later holder`);
    }
    if (this.cache.size > this.maxCached) {
      // Documents changed during the writes stay until the next flush.
      this.cache = new Map([...this.cache].filter(([, entry]) => entry.dirty));
      this.complete = false;
    }
  }

  private async load(id: string): Promise<Cached> {
    let entry = this.cache.get(id);
    if (!entry) {
      const doc = this.complete ? null : await this.db.collection<ById>(this.name).findOne({ _id: id });
      // Which epoch wrote it is the buffer's business, not the projectors'.
      if (doc) delete (doc as Document)[FENCE];
      entry = { doc, stored: doc !== null, dirty: false };
      this.cache.set(id, entry);
    }
    return entry;
  }

  private write(entry: Cached, { _id, ...fields }: ById): void {
    if (!entry.dirty) this.dirty += 1;
    // `_id` first, as the store keeps it: FerretDB 1.24 drops the connection of a write whose document has it elsewhere.
    const doc = { _id, ...fields };
    entry.doc = doc;
    entry.dirty = true;
    this.cache.set(_id, entry);
  }
}

function setPath(doc: Document, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = doc;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Document;
  node[keys.at(-1)!] = value;
}

function unsetPath(doc: Document, path: string): void {
  const keys = path.split('.');
  let node: Document | undefined = doc;
  for (const key of keys.slice(0, -1)) node = node?.[key] as Document | undefined;
  if (node) delete node[keys.at(-1)!];
}
