import { type Collection, type Document, MongoServerError } from 'mongodb';
import { FENCE, fencedFilter, type Lease, LeaseLost } from './leases';
import type { ById, ReadModelStore, ReadModelUpdate } from './read-models';

const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === 11000;

/**
 * A read model's collection written under a lease (docs/architecture.md, "Ownership"): every write carries the lease's
 * epoch and is refused once a later epoch has written the document, which raises LeaseLost. Used for documents that
 * events of many partitions change (a reader's inbox), written one holder of the document's lease at a time.
 */
export class FencedCollection<T extends ById> implements ReadModelStore<T> {
  constructor(
    private readonly collection: Collection<Document>,
    private readonly lease: Lease,
  ) {}

  async findOne({ _id }: ById): Promise<T | null> {
    const doc = await this.collection.findOne({ _id: _id as never });
    if (!doc) return null;
    delete doc[FENCE];
    return doc as unknown as T;
  }

  async insertOne(doc: T): Promise<void> {
    try {
      await this.collection.insertOne({ ...doc, [FENCE]: this.lease.epoch } as Document);
    } catch (error) {
      if (isDuplicateKey(error)) throw this.lost(doc._id);
      throw error;
    }
  }

  async replaceOne({ _id }: ById, doc: Omit<T, '_id'>, { upsert = false } = {}): Promise<void> {
    await this.write(_id, upsert, () => this.collection.replaceOne(fencedFilter(_id, this.lease.epoch) as never, { ...doc, [FENCE]: this.lease.epoch }, { upsert }));
  }

  async updateOne({ _id }: ById, update: ReadModelUpdate, { upsert = false } = {}): Promise<void> {
    const fenced = { ...update, $set: { ...update.$set, [FENCE]: this.lease.epoch } };
    await this.write(_id, upsert, () => this.collection.updateOne(fencedFilter(_id, this.lease.epoch) as never, fenced, { upsert }));
  }

  /** A write that matched nothing found the document fenced by a later epoch, unless it is simply not there. */
  private async write(_id: string, upsert: boolean, send: () => Promise<{ matchedCount: number; upsertedCount: number }>): Promise<void> {
    let result;
    try {
      result = await send();
    } catch (error) {
      // The upsert's insert met the document that the filter refused.
      if (isDuplicateKey(error)) throw this.lost(_id);
      throw error;
    }
    if (result.matchedCount === 0 && result.upsertedCount === 0 && (await this.collection.findOne({ _id: _id as never }))) throw this.lost(_id);
  }

  private lost(_id: string): LeaseLost {
    return new LeaseLost(this.lease.id, this.lease.epoch, `${this.collection.collectionName} ${_id} was written by a later holder`);
  }
}
