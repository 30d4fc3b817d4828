import type { CommittedWrites } from '@shelf/contracts';
import { type Db, type Document, MongoServerError } from 'mongodb';
import { applyWrites, unstamped } from './stamped-writes';
import type { ById, ReadModelStore, ReadModelUpdate } from '@shelf/read-model-formats';

/** Documents kept between flushes at most: past this, the buffer starts afresh from the store (memory stays flat). */
const MAX_CACHED = 20_000;
/** Changed documents that make `settle` flush: a document changed many times in between is written once. */
const MAX_DIRTY = 5_000;
/** A document a projector reads for an event: its read model and `_id` (Projector.prefetch). */
export type Prefetch = readonly [readModel: string, id: string];
/** `_id`s one prefetch query lists at most (the embedded store reads up to 1,000 from its index: tools/ferretdb, patch 0008). */
const PREFETCH_IDS = 1000;
/** Where a partition consumer's buffers send their changes: a commit of its partition (PartitionCommits.commit). */
export type CommitChanges = (writes: CommittedWrites[]) => Promise<void>;

interface Cached {
  doc: ById | null;
  /** In the store as of the last flush (a flush inserts the others). */
  stored: boolean;
  dirty: boolean;
}

/**
 * Read models written through a buffer, by their only writer: a rebuild filling new collections, or a partition's
 * consumer with its partition's documents (each has one writer partition). Projectors read and change documents
 * in memory; `flush` writes what changed (new documents inserted in one command, changed ones replaced in a few), so
 * a document changed by many events is written once, and projecting costs a few store calls per batch of events
 * instead of a few per event. Being the only writer, what the buffer holds is what the store holds.
 *
 * `flush` writes the read models in the order they were given (Projector.owns: data before marks). A partition
 * consumer's buffers hand their changes to its partition's commits (`commit`), which store them as one committed batch
 * before any read model is written (docs/architecture.md, "Batches committed by one insert"); a rebuild's and a test's
 * are written as they are.
 */
export class WriteBuffers {
  private readonly buffers: Map<string, BufferedReadModel>;
  private readonly deferred = new Map<string, () => Promise<void>>();

  /** `targets`: read model name → its collection; `fresh` when they are new and empty (nothing to look up). */
  constructor(
    private readonly db: Db,
    targets: ReadonlyMap<string, string>,
    { fresh = false, maxCached = MAX_CACHED, commit }: { fresh?: boolean; maxCached?: number; commit?: CommitChanges } = {},
  ) {
    this.buffers = new Map([...targets].map(([readModel, collection]) => [readModel, new BufferedReadModel(db, collection, fresh, maxCached)]));
    this.commit = commit;
  }

  private readonly commit?: CommitChanges;

  get stores(): ReadonlyMap<string, ReadModelStore<ById>> {
    return this.buffers;
  }

  /**
   * What changed since the last time, in the order of the read models, counted as stored from now on: whoever takes
   * it stores it before this buffer is used again.
   */
  changes(): CommittedWrites[] {
    return [...this.buffers.values()].map((buffer) => buffer.changes());
  }

  /**
   * Reads the documents named that the buffers do not hold yet, in one query per read model (`_id` `$in`): a batch's
   * first reads, before it is applied. Names of read models it does not buffer are passed over.
   */
  async prefetch(wanted: Iterable<Prefetch>): Promise<void> {
    const byModel = new Map<BufferedReadModel, Set<string>>();
    for (const [readModel, id] of wanted) {
      const buffer = this.buffers.get(readModel);
      if (!buffer) continue;
      let ids = byModel.get(buffer);
      if (!ids) byModel.set(buffer, (ids = new Set()));
      ids.add(id);
    }
    await Promise.all([...byModel].map(([buffer, ids]) => buffer.prefetch(ids)));
  }

  /** Writes every change to the store (as a commit, for a partition consumer), then does the work deferred until then. */
  async flush(): Promise<void> {
    const writes = this.changes();
    // Nothing changed, nothing to commit: a projector whose read models are all shared (the reply inbox) flushes
    // before each change of them, and a commit of nothing would cost a partition commit's five commands per event.
    if (writes.some(({ inserted, replaced }) => inserted.length + replaced.length > 0)) {
      if (this.commit) await this.commit(writes);
      else await applyWrites(this.db, writes);
    }
    await this.afterWrites();
  }

  /** Does the work deferred until the changes are stored. */
  async afterWrites(): Promise<void> {
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
  /** Documents changed since the last flush. */
  dirty = 0;

  constructor(
    private readonly db: Db,
    private readonly name: string,
    fresh: boolean,
    private readonly maxCached: number,
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

  /** The documents changed since the last time (new ones apart), counted as stored from now on. */
  changes(): CommittedWrites {
    const dirty = [...this.cache.values()].filter((entry) => entry.dirty && entry.doc);
    const writes: CommittedWrites = {
      collection: this.name,
      inserted: dirty.filter((entry) => !entry.stored).map((entry) => entry.doc!),
      replaced: dirty.filter((entry) => entry.stored).map((entry) => entry.doc!),
    };
    for (const entry of dirty) Object.assign(entry, { stored: true, dirty: false });
    this.dirty = 0;
    if (this.cache.size > this.maxCached) {
      this.cache = new Map();
      this.complete = false;
    }
    return writes;
  }

  /** Holds the documents `ids` names from now on (absent ones as absent), reading those it does not hold in few queries. */
  async prefetch(ids: Iterable<string>): Promise<void> {
    if (this.complete) return;
    const missing = [...ids].filter((id) => !this.cache.has(id));
    for (let start = 0; start < missing.length; start += PREFETCH_IDS) {
      const chunk = missing.slice(start, start + PREFETCH_IDS);
      const found = new Map((await this.db.collection<ById>(this.name).find({ _id: { $in: chunk } }).toArray()).map((doc) => [doc._id, unstamped(doc)]));
      for (const id of chunk) {
        // An entry made meanwhile (a read of its own) is as current as this one.
        if (this.cache.has(id)) continue;
        const doc = found.get(id) ?? null;
        this.cache.set(id, { doc, stored: doc !== null, dirty: false });
      }
    }
  }

  private async load(id: string): Promise<Cached> {
    let entry = this.cache.get(id);
    if (!entry) {
      const found = this.complete ? null : await this.db.collection<ById>(this.name).findOne({ _id: id });
      // Which batch wrote it is the commits' business, not the projectors'.
      const doc = found && unstamped(found);
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
