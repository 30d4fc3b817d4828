export type { SearchEngine } from './search-engine';
export type { SearchBookDocument } from './search-document';
export { type SearchQuery, type SearchResult, searchWords } from './search-query';
export { createSearchEngine, EMBEDDED_SEARCH_COLLECTION, type SearchEngineSettings, startSearchEngine } from './create-search-engine';
export { InMemoryIndex } from './engines/in-memory-index';
