// Each run of the projections benchmark works in a fresh database and queue prefix of its own, seeded with a small
// catalog through the real catalog commands.
import { openDatabase, seedCatalog } from '../lib/bench-database.mjs';
import { benchEnv, UNLIMITED_API } from '../lib/local-services.mjs';
import { ACTOR } from './config.mjs';

export const openRunDatabase = (services, name) => openDatabase(benchEnv(services, name, { queuePrefix: `bench-${name}`, ...UNLIMITED_API }));

/** `books` books of 4 to 10 chapters; resolves with the chapters. */
export const seedRunCatalog = (commands, books) =>
  seedCatalog(commands, { books, minChapters: 4, maxChapters: 10, minWordsPerChapter: 200, maxWordsPerChapter: 400, seed: 7077, now: new Date() }, ACTOR);
