import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { READ_MODEL_VERSIONS_COLLECTION, ReadModelNames, type ReadModelVersionDocument } from '@shelf/contracts';
import type { Collection, Db } from 'mongodb';
import type { Connection } from 'mongoose';
import type { ById, ReadModelReads, ReadModelStore } from '@shelf/read-model-formats';
import type { Prefetch, WriteBuffers } from './write-buffers';

/** Where a batch's writes go: the write buffers of a partition consumer, a rebuild's or an operator's retry. */
export type BatchWrites = Pick<WriteBuffers, 'stores' | 'defer' | 'flush'> & Partial<Pick<WriteBuffers, 'prefetch'>>;

/**
 * The read models the projectors write, by name: a name resolves to the collection the read model lives in now
 * (refreshed before each partition run). A projector reaches them only through the BatchModels of the batch it applies
 * (ProjectionContext.models), never ambiently.
 */
@Injectable()
export class ReadModels {
  private readonly names: ReadModelNames;

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
  collection<T extends ById>(readModel: string): ReadModelReads<T> {
    // A store collection answers these reads.
    return this.connection.collection(this.physical(readModel)) as unknown as ReadModelReads<T>;
  }

  /** The collection that holds a read model now. */
  physical(readModel: string): string {
    return this.names.physical(readModel);
  }

  refresh(): Promise<void> {
    return this.names.refresh();
  }

  /**
   * The read models of one batch: `writes` are the buffers its changes go to (every document has one writer, its
   * partition's consumer; a rebuild's buffers write the new collections); `rebuilding` for a rebuild, which pushes
   * nothing.
   */
  batch(writes: BatchWrites, { rebuilding }: { rebuilding: boolean }): BatchModels {
    return new BatchModels((readModel) => this.live(readModel), writes, rebuilding);
  }

  private live<T extends ById>(readModel: string): ReadModelStore<T> {
    // A store collection does all ReadModelStore asks, for these filters.
    return this.connection.collection(this.physical(readModel)) as unknown as ReadModelStore<T>;
  }
}

/** What a projector reads and writes while it applies a batch of the log: given to it with each event. */
export class BatchModels {
  constructor(
    /** The collection a read model lives in now, for what the batch does not buffer. */
    private readonly live: <T extends ById>(readModel: string) => ReadModelStore<T>,
    private readonly writes: BatchWrites,
    /** A rebuild: nothing is pushed to readers. */
    readonly rebuilding: boolean,
  ) {}

  /** A read model: the batch's buffer of it when it has one, else the collection it lives in now. */
  collection<T extends ById>(readModel: string): ReadModelStore<T> {
    const buffer = this.writes.stores.get(readModel) as ReadModelStore<T> | undefined;
    return buffer ?? this.live<T>(readModel);
  }

  /**
   * Reads the documents named in few queries, so that the reads to come find them held (a projector's reads that
   * depend on what it read: a chapter's likers' parts); nothing where the batch's writes hold no buffer to keep them.
   */
  async prefetch(wanted: Iterable<Prefetch>): Promise<void> {
    await this.writes.prefetch?.(wanted);
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
