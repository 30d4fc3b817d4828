import { type Collection, type Db, type Document, MongoServerError } from 'mongodb';
import type { BatchWrites } from '../read-models';
import type { ById, ReadModelStore, ReadModelUpdate } from '@shelf/read-model-formats';
import { inChunks } from '../../store-bulk';
import { IdFilter } from './id-filter';

/**
 * New documents inserted in one command: the store inserts about 25,000 a second in commands of this size, and one
 * command holds the embedded store's other writers up for about 40 ms.
 */
const INSERT_CHUNK = 1000;

interface Entry {
  doc: ById | null;
  /** In the store already: written again by replacing it. */
  stored: boolean;
  dirty: boolean;
}

/**
 * A read model of a rebuild held in memory, written to its new collection when told (`flush`), which also forgets
 * every document: a document is inserted once, at the end of its life in memory. One that is needed again after (a
 * rebuild's partitions are apart, and each document has one writer partition, so none should be) is read back by `_id`
 * and replaced at the next flush; an IdFilter tells which ids may be in the store, so a new document costs no read.
 */
export class MemoryReadModel implements ReadModelStore<ById> {
  private entries = new Map<string, Entry>();
  private readonly written = new IdFilter();
  /** Documents written to the store, and read back from it. */
  readonly counts = { inserted: 0, replaced: 0, readBack: 0 };
  /** The flushes under way, one after another; a read from the store waits for them. */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly collection: Collection<ById>) {}

  async findOne({ _id }: ById): Promise<ById | null> {
    return copy((await this.load(_id)).doc);
  }

  async insertOne(doc: ById): Promise<void> {
    const entry = await this.load(doc._id);
    if (entry.doc) throw new MongoServerError({ message: `E11000 duplicate key error: ${this.collection.collectionName} ${doc._id}`, code: 11000 });
    this.put(entry, copy(doc));
  }

  async replaceOne({ _id }: ById, doc: Document, options: { upsert?: boolean } = {}): Promise<void> {
    const entry = await this.load(_id);
    if (entry.doc || options.upsert) this.put(entry, { _id, ...copy(doc) });
  }

  /** Changes the document held in place: no caller holds it (findOne gives copies, writes keep copies). */
  async updateOne({ _id }: ById, update: ReadModelUpdate, options: { upsert?: boolean } = {}): Promise<void> {
    const entry = await this.load(_id);
    if (!entry.doc && !options.upsert) return;
    const doc = (entry.doc ?? { _id }) as Document;
    for (const [path, value] of Object.entries(update.$set ?? {})) setPath(doc, path, copy(value));
    for (const path of Object.keys(update.$unset ?? {})) unsetPath(doc, path);
    entry.doc = doc as ById;
    entry.dirty = true;
  }

  /**
   * Forgets every document, writing those that changed: new ones inserted in bulk, ones read back replaced. Resolves
   * once written; the next flush starts after this one.
   */
  flush(): Promise<void> {
    const forgotten = [...this.entries.values()];
    this.entries = new Map();
    const changed = forgotten.filter((entry) => entry.dirty && entry.doc);
    const fresh = changed.filter((entry) => !entry.stored).map((entry) => entry.doc!);
    const replaced = changed.filter((entry) => entry.stored).map((entry) => entry.doc!);
    for (const doc of fresh) this.written.add(doc._id);
    const writing = this.writing.then(() => this.write(fresh, replaced));
    // Awaited by the next flush or read; handled here so that a failure meanwhile is not an unhandled rejection.
    writing.catch(() => undefined);
    this.writing = writing;
    return writing;
  }

  private async write(fresh: ById[], replaced: ById[]): Promise<void> {
    for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
      const chunk = fresh.slice(i, i + INSERT_CHUNK);
      await this.collection.insertMany(chunk, { ordered: false });
      this.counts.inserted += chunk.length;
    }
    for (const chunk of inChunks(replaced)) {
      await this.collection.bulkWrite(chunk.map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc } })), { ordered: false });
      this.counts.replaced += chunk.length;
    }
  }

  private async load(id: string): Promise<Entry> {
    const held = this.entries.get(id);
    if (held) return held;
    let doc: ById | null = null;
    if (this.written.mayHold(id)) {
      await this.writing;
      doc = await this.collection.findOne({ _id: id });
      this.counts.readBack += 1;
    }
    // Another event may have loaded it meanwhile.
    const entry = this.entries.get(id) ?? { doc, stored: doc !== null, dirty: false };
    this.entries.set(id, entry);
    return entry;
  }

  private put(entry: Entry, { _id, ...fields }: ById): void {
    // `_id` first, as the store keeps it: FerretDB 1.24 drops the connection of a write whose document has it elsewhere.
    entry.doc = { _id, ...fields };
    entry.dirty = true;
  }
}

/** The read models of a rebuild in memory, by name, in the shape a batch writes through (BatchWrites). */
export class MemoryReadModels {
  readonly stores: Map<string, MemoryReadModel>;
  private readonly deferred = new Map<string, () => Promise<void>>();

  /** `targets`: read model name → its new collection. */
  constructor(db: Db, targets: ReadonlyMap<string, string>) {
    this.stores = new Map([...targets].map(([readModel, collection]) => [readModel, new MemoryReadModel(db.collection<ById>(collection))]));
  }

  /** As ReadModels.batch takes them (a batch uses `stores`, `defer` and, outside a rebuild, `flush`). */
  asBuffers(): BatchWrites {
    return this;
  }

  /** Documents written and read back, in all the read models. */
  get counts(): MemoryReadModel['counts'] {
    const sum = { inserted: 0, replaced: 0, readBack: 0 };
    for (const { counts } of this.stores.values()) for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += counts[key];
    return sum;
  }

  /** Writes and forgets the read models named (all when none is): new collections, read by nobody until the switch. */
  async flush(readModels: Iterable<string> = this.stores.keys()): Promise<void> {
    const flushes = [...readModels].map((name) => this.stores.get(name)!.flush());
    await Promise.all(flushes);
    for (const [key, work] of this.deferred) {
      await work();
      this.deferred.delete(key);
    }
  }

  defer(key: string, work: () => Promise<void>): void {
    this.deferred.set(key, work);
  }
}

/** A deep copy of a document's plain objects, arrays and dates (much cheaper than structuredClone for these). */
function copy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const out: Document = {};
  for (const key of Object.keys(value)) out[key] = copy((value as Document)[key]);
  return out as T;
}

function setPath(doc: Document, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = doc;
  for (const key of keys.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Document;
  }
  node[keys.at(-1)!] = value;
}

function unsetPath(doc: Document, path: string): void {
  const keys = path.split('.');
  let node: Document | undefined = doc;
  for (const key of keys.slice(0, -1)) node = node?.[key] as Document | undefined;
  if (node && typeof node === 'object') delete node[keys.at(-1)!];
}
