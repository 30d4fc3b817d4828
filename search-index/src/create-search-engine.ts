import { Redis } from 'ioredis';
import type { Db } from 'mongodb';
import { ChangeFeed } from './engines/change-feed';
import { EmbeddedEngine, type StoredSearchDocument } from './engines/embedded-engine';
import { MeilisearchEngine } from './engines/meilisearch-engine';
import type { SearchEngine } from './search-engine';

/** The collection of the embedded engine's documents. */
export const EMBEDDED_SEARCH_COLLECTION = 'search_books';

/**
 * Where the engine lives: Meilisearch (MEILI_URL, MEILI_MASTER_KEY) when set, else embedded beside the store and Redis,
 * its change feed named with the site's QUEUE_PREFIX.
 */
export interface SearchEngineSettings {
  meiliUrl?: string;
  meiliMasterKey?: string;
  redisUrl: string;
  queuePrefix: string;
}

/** Creates the engine and starts it (settings applied, embedded index loaded): what a process does at boot. */
export async function startSearchEngine(env: SearchEngineSettings, db: Db): Promise<SearchEngine> {
  const engine = createSearchEngine(env, db);
  await engine.start();
  return engine;
}

/** Meilisearch when MEILI_URL is set; otherwise the embedded engine on the document store and Redis. */
export function createSearchEngine(env: SearchEngineSettings, db: Db): SearchEngine {
  if (env.meiliUrl) return new MeilisearchEngine(env.meiliUrl, env.meiliMasterKey);
  const feed = new ChangeFeed(new Redis(env.redisUrl), new Redis(env.redisUrl, { autoResubscribe: false }), env.queuePrefix);
  return new EmbeddedEngine(db.collection<StoredSearchDocument>(EMBEDDED_SEARCH_COLLECTION), feed);
}
