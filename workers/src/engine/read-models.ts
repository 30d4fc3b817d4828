import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { READ_MODEL_VERSIONS_COLLECTION, ReadModelNames, type ReadModelVersionDocument } from '@shelf/contracts';
import type { Collection, Db } from 'mongodb';
import type { Connection } from 'mongoose';
import { SharedCommits } from './batch-commits';
import type { ById, ReadModelStore } from '@shelf/read-model-formats';
import type { SharedStores } from './read-model-store';
import type { WriteBuffers } from './write-buffers';

/** Where a batch's writes go: the write buffers of a partition consumer, a rebuild's or an operator's retry. */
export type BatchWrites = Pick<WriteBuffers, 'stores' | 'defer' | 'flush'>;

/**
 * The read models the projectors write, by name: a name resolves to the collection the read model lives in now
 * (refreshed before each partition run). A projector reaches them only through the BatchModels of the batch it applies
 * (ProjectionContext.models), never ambiently.
 */
@Injectable()
export class ReadModels {
  private readonly names: ReadModelNames;
  /** Per shared key, the work queued last (partitions are run side by side in one process). */
  private readonly turns = new Map<string, Promise<unknown>>();
  private sharedCommits?: SharedCommits;

  constructor(@InjectConnection() private readonly connection: Connection) {
    this.names = new ReadModelNames(() => this.versions.find({}).toArray());
  }

  get db(): Db {
    return this.connection.db!;
  }

  get versions(): Collection<ReadModelVersionDocument> {
    return this.connection.collection<ReadModelVersionDocument>(READ_MODEL_VERSIONS_COLLECTION);
  }

  /**
   * The collection a read model lives in now, to read outside a batch (a badge count). Read only: projectors write
   * through their batch's BatchModels, never here.
   */
  collection<T extends ById>(readModel: string): Pick<ReadModelStore<T>, 'findOne'> {
    return this.live<T>(readModel);
  }

  /** The collection that holds a read model now. */
  physical(readModel: string): string {
    return this.names.physical(readModel);
  }

  refresh(): Promise<void> {
    return this.names.refresh();
  }

  /**
   * The read models of one batch: `writes` are the buffers its changes to the documents only its partition changes go
   * to (a rebuild's: the new collections); `rebuilding` for a rebuild, which pushes nothing and is the only writer of
   * its collections.
   */
  batch(writes: BatchWrites, { rebuilding }: { rebuilding: boolean }): BatchModels {
    return new BatchModels(
      {
        live: (readModel) => this.live(readModel),
        shared: (key, readModels, work) =>
          (this.sharedCommits ??= new SharedCommits(this.db)).run(key, new Map(readModels.map((readModel) => [readModel, this.physical(readModel)])), work),
      },
      writes,
      rebuilding,
      this.turns,
    );
  }

  private live<T extends ById>(readModel: string): ReadModelStore<T> {
    // A store collection does all ReadModelStore asks, for these filters.
    return this.connection.collection(this.physical(readModel)) as unknown as ReadModelStore<T>;
  }
}

/** The live collections a batch reads what it does not buffer from, and writes shared documents to (SharedCommits). */
interface LiveStores {
  live<T extends ById>(readModel: string): ReadModelStore<T>;
  shared<R>(key: string, readModels: readonly string[], work: (stores: SharedStores) => Promise<R>): Promise<R>;
}

/** What a projector reads and writes while it applies a batch of the log: given to it with each event. */
export class BatchModels {
  constructor(
    private readonly stores: LiveStores,
    private readonly writes: BatchWrites,
    /** A rebuild: nothing is pushed to readers, and shared documents have no other writer. */
    readonly rebuilding: boolean,
    private readonly turns: Map<string, Promise<unknown>>,
  ) {}

  /** A read model: the batch's buffer of it when it has one, else the collection it lives in now. */
  collection<T extends ById>(readModel: string): ReadModelStore<T> {
    const buffer = this.writes.stores.get(readModel) as ReadModelStore<T> | undefined;
    return buffer ?? this.stores.live<T>(readModel);
  }

  /**
   * Runs a read-change-write of documents that events of many partitions change (a reader's inbox, key `inbox:{user}`)
   * as one writer of them: live, as a batch of the key's own commit stream, run again on the new state when another
   * writer committed first (SharedCommits: no lease, no clock); in a rebuild, which is the only writer of its
   * collections, through its buffers. Either way after the work queued before it on the key in this process, so that
   * only other processes race it. `readModels`: those it writes,
   * in the order they are written (data before marks).
   */
  async exclusive<R>(key: string, readModels: readonly string[], work: (stores: SharedStores) => Promise<R>): Promise<R> {
    if (!this.rebuilding) {
      // What the event changed in buffered documents is committed first: a crash after the shared write then finds both.
      await this.writes.flush();
      // One turn per key in this process: its partitions do not race each other's commits (only other processes' do).
      return this.inTurn(key, () => this.stores.shared(key, readModels, work));
    }
    return this.inTurn(key, () => work((readModel) => this.collection(readModel)));
  }

  /** Runs `run` after the work queued before it on the same key in this process. */
  private inTurn<R>(key: string, run: () => Promise<R>): Promise<R> {
    const turn = (this.turns.get(key) ?? Promise.resolve()).then(run, run);
    const settled = turn.catch(() => undefined);
    this.turns.set(key, settled);
    void settled.then(() => this.turns.get(key) === settled && this.turns.delete(key));
    return turn;
  }

  /**
   * Work that only needs doing once per batch of the log however many of its events ask for it (writing a book's
   * search document again): done after the batch's buffered writes, before the checkpoint moves past it. A failure
   * fails the batch, which is tried again.
   */
  afterWrites(key: string, work: () => Promise<void>): void {
    this.writes.defer(key, work);
  }
}
