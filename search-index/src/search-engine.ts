/** What the API and the workers need from a search engine, whichever one stands behind it. */
export interface SearchEngine {
  /** The engine's name, shown by the health check. */
  readonly kind: 'meilisearch' | 'embedded';
  /** True when the engine answers. */
  isHealthy(): Promise<boolean>;
}
