import { Injectable, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { READ_MODEL_VERSIONS_COLLECTION, ReadModelNames, type ReadModelVersionDocument } from '@shelf/contracts';
import type { Collection, Document } from 'mongodb';
import type { Connection } from 'mongoose';

/** How often the API looks up which collections hold the read models; a rebuild keeps the old ones longer than this. */
const REFRESH_MS = 2000;

/** The collection of each read model, by name: after a rebuild, the new one (see the workers' rebuild). */
@Injectable()
export class ReadModels implements OnModuleInit, BeforeApplicationShutdown {
  private readonly names: ReadModelNames;
  private timer?: NodeJS.Timeout;
  /** Whether the timer's look-up is under way: while the store is slow, the timer skips its turns rather than pile look-ups up. */
  private polling = false;

  constructor(@InjectConnection() private readonly connection: Connection) {
    this.names = new ReadModelNames(() => this.connection.collection<ReadModelVersionDocument>(READ_MODEL_VERSIONS_COLLECTION).find({}).toArray());
  }

  async onModuleInit(): Promise<void> {
    // With the store away at start-up the names stay the read models' own until the next refresh.
    await this.refresh().catch(() => undefined);
    this.timer = setInterval(() => {
      if (this.polling) return;
      this.polling = true;
      void this.refresh()
        .catch(() => undefined)
        .finally(() => (this.polling = false));
    }, REFRESH_MS);
  }

  /** Looks the collections up now (a rebuild announces its swap; the timer catches a missed announcement). */
  refresh(): Promise<void> {
    return this.names.refresh();
  }

  collection<T extends Document>(readModel: string): Collection<T> {
    return this.connection.collection<T>(this.names.physical(readModel));
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
