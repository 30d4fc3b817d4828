import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { READ_MODEL_VERSIONS_COLLECTION, ReadModelNames, type ReadModelVersionDocument } from '@shelf/contracts';
import type { Collection, Db, Document } from 'mongodb';
import type { Connection } from 'mongoose';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The collections the projectors write, by read-model name. Live, a name resolves to the collection the read model
 * lives in now (refreshed before each partition run); inside `into`, to the new collections a rebuild is filling,
 * and nothing is pushed to readers meanwhile (see LiveEmitter).
 */
@Injectable()
export class ReadModels {
  private readonly names: ReadModelNames;
  private readonly rebuild = new AsyncLocalStorage<ReadonlyMap<string, string>>();

  constructor(@InjectConnection() private readonly connection: Connection) {
    this.names = new ReadModelNames(() => this.versions.find({}).toArray());
  }

  get db(): Db {
    return this.connection.db!;
  }

  get versions(): Collection<ReadModelVersionDocument> {
    return this.connection.collection<ReadModelVersionDocument>(READ_MODEL_VERSIONS_COLLECTION);
  }

  collection<T extends Document>(readModel: string): Collection<T> {
    return this.connection.collection<T>(this.physical(readModel));
  }

  physical(readModel: string): string {
    return this.rebuild.getStore()?.get(readModel) ?? this.names.physical(readModel);
  }

  refresh(): Promise<void> {
    return this.names.refresh();
  }

  /** Runs `work` with the read models named in `targets` written to the rebuild's collections instead. */
  into<R>(targets: ReadonlyMap<string, string>, work: () => Promise<R>): Promise<R> {
    return this.rebuild.run(targets, work);
  }

  get rebuilding(): boolean {
    return this.rebuild.getStore() !== undefined;
  }
}
