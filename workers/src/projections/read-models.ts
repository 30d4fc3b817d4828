import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ProjectionCollection, READ_MODEL_VERSIONS_COLLECTION, ReadModelNames, type ReadModelVersionDocument } from '@shelf/contracts';
import type { Collection, Db } from 'mongodb';
import type { Connection } from 'mongoose';
import { AsyncLocalStorage } from 'node:async_hooks';
import { FencedCollection } from './fenced-collection';
import { type LeaseDocument, Leases } from './leases';
import type { WriteBuffers } from './write-buffers';

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

interface Buffered {
  buffers: WriteBuffers;
  rebuilding: boolean;
}

/** A shared document's lease outlives a writer killed while holding it by at most this long. */
const DOCUMENT_LEASE_MS = 10_000;

/** The stores of the read models, by name, that a writer of shared documents writes through (see exclusive). */
export type SharedStores = <T extends ById>(readModel: string) => ReadModelStore<T>;

/**
 * The read models the projectors write, by name. Live, a name resolves to the collection the read model lives in now
 * (refreshed before each partition run); inside `into`, to write buffers: a partition consumer's of the documents only
 * its partition changes, or a rebuild's of the new collections (and nothing is pushed to readers meanwhile).
 */
@Injectable()
export class ReadModels {
  private readonly names: ReadModelNames;
  private readonly buffered = new AsyncLocalStorage<Buffered>();
  private readonly leases: Leases;
  /** In a rebuild: per key, the work queued last (partitions are replayed side by side in one process). */
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(@InjectConnection() private readonly connection: Connection) {
    this.names = new ReadModelNames(() => this.versions.find({}).toArray());
    this.leases = new Leases(this.connection.collection<LeaseDocument>(ProjectionCollection.Locks));
  }

  get db(): Db {
    return this.connection.db!;
  }

  get versions(): Collection<ReadModelVersionDocument> {
    return this.connection.collection<ReadModelVersionDocument>(READ_MODEL_VERSIONS_COLLECTION);
  }

  collection<T extends ById>(readModel: string): ReadModelStore<T> {
    const buffer = this.buffered.getStore()?.buffers.stores.get(readModel);
    // A store collection does all ReadModelStore asks, for these filters.
    return (buffer ?? this.connection.collection(this.physical(readModel))) as unknown as ReadModelStore<T>;
  }

  /** The collection that holds a read model now. */
  physical(readModel: string): string {
    return this.names.physical(readModel);
  }

  refresh(): Promise<void> {
    return this.names.refresh();
  }

  /**
   * Runs a read-change-write of a document that events of many partitions change (a reader's inbox) as its only
   * writer: live, holding the document's lease, through stores whose writes carry the lease's epoch (a writer frozen past
   * its lease cannot overwrite its successor: LeaseLost); in a rebuild, which is the only writer of its collections,
   * through its buffers, after the work queued before it in this process.
   */
  async exclusive<R>(key: string, work: (stores: SharedStores) => Promise<R>): Promise<R> {
    if (!this.rebuilding) {
      // What the event changed in buffered documents is written first: a crash after the shared write then finds both.
      await this.buffered.getStore()?.buffers.flush();
      return this.leases.withLease(key, DOCUMENT_LEASE_MS, (lease) =>
        work(<T extends ById>(readModel: string) => new FencedCollection<T>(this.connection.collection(this.physical(readModel)), lease)),
      );
    }
    const run = () => work((readModel) => this.collection(readModel));
    const turn = (this.turns.get(key) ?? Promise.resolve()).then(run, run);
    const settled = turn.catch(() => undefined);
    this.turns.set(key, settled);
    void settled.then(() => this.turns.get(key) === settled && this.turns.delete(key));
    return turn;
  }

  /** Runs `work` with the read models of `buffers` written to them instead; `rebuilding` for a rebuild's. */
  into<R>(buffers: WriteBuffers, work: () => Promise<R>, { rebuilding }: { rebuilding: boolean }): Promise<R> {
    return this.buffered.run({ buffers, rebuilding }, work);
  }

  /**
   * Work that only needs doing once per batch of the log however many of its events ask for it (writing a book's
   * search document again): done after the batch's buffered writes, before the checkpoint moves past it. A failure
   * fails the batch, which is tried again. Outside a batch, done now.
   */
  async afterWrites(key: string, work: () => Promise<void>): Promise<void> {
    const context = this.buffered.getStore();
    if (context) context.buffers.defer(key, work);
    else await work();
  }

  /** Inside a rebuild: nothing is pushed to readers, and shared documents have no other writer. */
  get rebuilding(): boolean {
    return this.buffered.getStore()?.rebuilding ?? false;
  }
}
