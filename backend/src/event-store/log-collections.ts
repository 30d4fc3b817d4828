import type { Model } from 'mongoose';
import { awayDependency } from '../platform/http/service-unavailable';

/** Tries of each model at most, PAUSE_MS apart: a store busy for about 30 s fails the start, a busy moment does not. */
const TRIES = 40;
const PAUSE_MS = 750;

/**
 * Makes the log's collections and the indexes their schemas declare (the unique event ids and stream versions among
 * them) before the first append. Each call runs under the API's request bound, so a store busy at start may not answer
 * one in time: asked again while it is away, instead of failing the start (Mongoose's own `init` keeps its first failure).
 */
export async function makeLogCollections(models: Pick<Model<unknown>, 'createCollection' | 'createIndexes'>[]): Promise<void> {
  await Promise.all(models.map((model) => untilStoreAnswers(async () => {
    await model.createCollection();
    await model.createIndexes();
  })));
}

async function untilStoreAnswers(call: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= TRIES || awayDependency(error) !== 'store') throw error;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }
}
