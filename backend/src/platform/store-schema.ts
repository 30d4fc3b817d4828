import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { awayDependency } from './http/service-unavailable';

/** Tries of each collection or index set at most, with a pause between, before the start fails. */
const TRIES = 20;
const PAUSE_MS = 500;

/**
 * The collections and indexes the mongoose models declare (the log's unique event ids and stream versions among them),
 * made as the process starts, before it listens. Mongoose's own autoCreate and autoIndex are off: they ran unawaited,
 * each call under the request bound, so a store too busy to answer one in time failed the start with a rejection
 * nobody handled. Here each is tried again while the store does not answer (about 60 s at most).
 */
@Injectable()
export class StoreSchema implements OnApplicationBootstrap {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const model of Object.values(this.connection.models)) {
      await untilAnswered(() => model.createCollection());
      await untilAnswered(() => model.createIndexes());
    }
  }
}

async function untilAnswered(call: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await call();
      return;
    } catch (error) {
      if (attempt >= TRIES || awayDependency(error) !== 'store') throw error;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }
}
