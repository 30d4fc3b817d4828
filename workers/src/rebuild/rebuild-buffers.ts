import { type Db, type Document, MongoServerError } from 'mongodb';
import type { ById, ReadModelStore, ReadModelUpdate } from '../projections/read-models';

/** Documents kept between flushes at most: past this, the buffer starts afresh from the store (memory stays flat). */
const MAX_CACHED = 20_000;

interface Cached {
  doc: ById | null;
  /** In the store as of the last flush (a flush inserts the others). */
  stored: boolean;
  dirty: boolean;
}

/**
 * A rebuild's read models: the new collections, written through a buffer. Projectors read and change documents in
 * memory; `flush` writes what changed in two round trips (new documents inserted, changed ones replaced), so a
 * rebuild costs a few store calls per batch of events instead of a few per event. The rebuild is the only writer of
 * its collections, so what the buffer holds is what the store holds.
 */
export class RebuildBuffers {
  private readonly buffers: Map<string, BufferedReadModel>;

  /** `targets`: read model name → its new collection. */
  constructor(db: Db, targets: ReadonlyMap<string, string>, maxCached = MAX_CACHED) {
    this.buffers = new Map([...targets].map(([readModel, collection]) => [readModel, new BufferedReadModel(db, collection, maxCached)]));
  }

  get stores(): ReadonlyMap<string, ReadModelStore<ById>> {
    return this.buffers;
  }

  async flush(): Promise<void> {
    for (const buffer of this.buffers.values()) await buffer.flush();
  }
}

class BufferedReadModel implements ReadModelStore<ById> {
  private cache = new Map<string, Cached>();
  /** Until the cache is first emptied it holds every document of the new collection: a miss needs no lookup. */
  private complete = true;

  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly maxCached: number,
  ) {}

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
    if (entry.doc || options.upsert) this.write(entry, { ...structuredClone(doc), _id });
  }

  async updateOne({ _id }: ById, update: ReadModelUpdate, options: { upsert?: boolean } = {}): Promise<void> {
    const entry = await this.load(_id);
    if (!entry.doc && !options.upsert) return;
    const doc: Document = structuredClone(entry.doc ?? { _id });
    for (const [path, value] of Object.entries(update.$set ?? {})) setPath(doc, path, structuredClone(value));
    for (const path of Object.keys(update.$unset ?? {})) unsetPath(doc, path);
    this.write(entry, doc as ById);
  }

  async flush(): Promise<void> {
    const dirty = [...this.cache.values()].filter((entry) => entry.dirty && entry.doc);
    const collection = this.db.collection<ById>(this.name);
    const fresh = dirty.filter((entry) => !entry.stored).map((entry) => entry.doc!);
    const changed = dirty.filter((entry) => entry.stored).map((entry) => entry.doc!);
    if (fresh.length > 0) await collection.insertMany(fresh, { ordered: false });
    if (changed.length > 0) await collection.bulkWrite(changed.map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc } })), { ordered: false });
    for (const entry of dirty) Object.assign(entry, { stored: true, dirty: false });
    if (this.cache.size > this.maxCached) {
      this.cache = new Map();
      this.complete = false;
    }
  }

  private async load(id: string): Promise<Cached> {
    let entry = this.cache.get(id);
    if (!entry) {
      const doc = this.complete ? null : await this.db.collection<ById>(this.name).findOne({ _id: id });
      entry = { doc, stored: doc !== null, dirty: false };
      this.cache.set(id, entry);
    }
    return entry;
  }

  private write(entry: Cached, doc: ById): void {
    entry.doc = doc;
    entry.dirty = true;
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
