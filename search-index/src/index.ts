export type { SearchEngine } from './search-engine';
export { createSearchEngine } from './create-search-engine';
