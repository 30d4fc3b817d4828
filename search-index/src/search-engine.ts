import type { SearchBookDocument } from './search-document';
import type { SearchQuery, SearchResult } from './search-query';

/** What the API and the workers need from a search engine, whichever one stands behind it. */
export interface SearchEngine {
  /** The engine's name, shown by the health check. */
  readonly kind: 'meilisearch' | 'embedded';
  /** Prepares the index (settings before any document) and, for the embedded engine, loads and follows it. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** True when the engine answers. */
  isHealthy(): Promise<boolean>;
  /** Adds or replaces documents by book id; resolves once a search sees them. */
  upsert(documents: SearchBookDocument[]): Promise<void>;
  /** Replaces the whole index (used by the rebuild). */
  replaceAll(documents: SearchBookDocument[]): Promise<void>;
  search(query: SearchQuery): Promise<SearchResult<SearchBookDocument>>;
  /** `count` random documents matching the query's filters (its page, page size and sort are ignored). */
  sample(query: SearchQuery, count: number): Promise<SearchBookDocument[]>;
}
