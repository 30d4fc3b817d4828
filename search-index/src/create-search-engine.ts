import type { ServiceEnv } from '@shelf/contracts';
import { EmbeddedEngine } from './engines/embedded-engine';
import { MeilisearchEngine } from './engines/meilisearch-engine';
import type { SearchEngine } from './search-engine';

/** Meilisearch when MEILI_URL is set, the embedded engine otherwise. */
export function createSearchEngine(env: Pick<ServiceEnv, 'meiliUrl' | 'meiliMasterKey'>): SearchEngine {
  return env.meiliUrl ? new MeilisearchEngine(env.meiliUrl, env.meiliMasterKey) : new EmbeddedEngine();
}
