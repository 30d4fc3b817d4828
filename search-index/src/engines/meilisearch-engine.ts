import { type Index, Meilisearch } from 'meilisearch';
import { SEARCHABLE_ATTRIBUTES, type SearchBookDocument } from '../search-document';
import type { SearchEngine } from '../search-engine';
import { type SearchQuery, type SearchResult, SORT_KEYS } from '../search-query';
import { MIN_WORD_SIZE_FOR_TYPO } from '../text-match';
import { meilisearchFilter } from './meilisearch-filter';

const INDEX = 'books';
const TASK_TIMEOUT_MS = 30_000;

/** The production engine: a Meilisearch server at MEILI_URL. */
export class MeilisearchEngine implements SearchEngine {
  readonly kind = 'meilisearch' as const;
  private readonly client: Meilisearch;
  private readonly index: Index<SearchBookDocument>;

  constructor(host: string, apiKey?: string) {
    this.client = new Meilisearch({ host, apiKey, timeout: 5000 });
    this.index = this.client.index<SearchBookDocument>(INDEX);
  }

  /**
   * Creates the index and sets its settings before any document arrives. Sort comes first among the ranking rules,
   * and typo tolerance allows one typo from MIN_WORD_SIZE_FOR_TYPO letters and never two (255 is the largest size
   * Meilisearch takes), so results match the embedded engine's (`text-match.ts`).
   */
  async start(): Promise<void> {
    await this.client.createIndex(INDEX, { primaryKey: 'book_id' }).waitTask({ timeout: TASK_TIMEOUT_MS });
    await this.index
      .updateSettings({
        searchableAttributes: [...SEARCHABLE_ATTRIBUTES],
        filterableAttributes: [
          'diversities', 'original_languages', 'completion_statuses', 'endings',
          'book_word_count', 'settings', 'genres', 'tags', 'book_id',
        ],
        sortableAttributes: ['like_count', 'last_updated_ms', 'book_id'],
        rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
        typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: MIN_WORD_SIZE_FOR_TYPO, twoTypos: 255 } },
        pagination: { maxTotalHits: 100_000 },
      })
      .waitTask({ timeout: TASK_TIMEOUT_MS });
  }

  async stop(): Promise<void> {}

  async isHealthy(): Promise<boolean> {
    try {
      return (await this.client.health()).status === 'available';
    } catch {
      return false;
    }
  }

  async upsert(documents: SearchBookDocument[]): Promise<void> {
    await this.index.addDocuments(documents).waitTask({ timeout: TASK_TIMEOUT_MS });
  }

  async replaceAll(documents: SearchBookDocument[]): Promise<void> {
    await this.index.deleteAllDocuments().waitTask({ timeout: TASK_TIMEOUT_MS });
    if (documents.length > 0) await this.upsert(documents);
  }

  async search(query: SearchQuery): Promise<SearchResult<SearchBookDocument>> {
    const sort = query.sort === 'random' ? ['book_id:asc'] : [`${SORT_KEYS[query.sort].field}:${SORT_KEYS[query.sort].direction}`, 'book_id:asc'];
    const response = await this.index.search(query.text ?? '', {
      filter: meilisearchFilter(query),
      sort,
      page: query.page,
      hitsPerPage: query.pageSize,
      matchingStrategy: 'all',
    });
    return { hits: response.hits, total: response.totalHits ?? 0 };
  }

  /** Meilisearch has no random order: fetch the matching ids, pick at random, then fetch those documents. */
  async sample(query: SearchQuery, count: number): Promise<SearchBookDocument[]> {
    const ids = await this.index.search(query.text ?? '', {
      filter: meilisearchFilter(query),
      attributesToRetrieve: ['book_id'],
      limit: 10_000,
    });
    const picked = ids.hits.map((hit) => hit.book_id);
    for (let i = picked.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [picked[i], picked[j]] = [picked[j], picked[i]];
    }
    picked.length = Math.min(count, picked.length);
    if (picked.length === 0) return [];
    const docs = await this.index.search('', { filter: [`book_id IN [${picked.join(', ')}]`], limit: picked.length });
    return docs.hits;
  }
}
