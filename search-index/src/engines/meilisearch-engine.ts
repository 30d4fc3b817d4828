import { Meilisearch } from 'meilisearch';
import type { SearchEngine } from '../search-engine';

/** The production engine: a Meilisearch server at MEILI_URL. */
export class MeilisearchEngine implements SearchEngine {
  readonly kind = 'meilisearch' as const;
  private readonly client: Meilisearch;

  constructor(host: string, apiKey?: string) {
    this.client = new Meilisearch({ host, apiKey, timeout: 2000 });
  }

  async isHealthy(): Promise<boolean> {
    try {
      return (await this.client.health()).status === 'available';
    } catch {
      return false;
    }
  }
}
