import type { SearchEngine } from '../search-engine';

/** The default engine when MEILI_URL is unset: it lives in the process itself, so it is reachable when the process is. */
export class EmbeddedEngine implements SearchEngine {
  readonly kind = 'embedded' as const;

  async isHealthy(): Promise<boolean> {
    return true;
  }
}
