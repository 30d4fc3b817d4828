import { Inject, Injectable } from '@nestjs/common';
import type { BookListItem } from '@shelf/contracts';
import type { SearchEngine, SearchQuery } from '@shelf/search-index';
import { SEARCH_ENGINE } from '../../../platform/search-engine.provider';
import { toBookListItem } from './catalog-mappers';

/** Book lists come from the search engine, which holds every listed field and answers without touching the store. */
@Injectable()
export class CatalogLists {
  constructor(@Inject(SEARCH_ENGINE) private readonly engine: SearchEngine) {}

  async page(query: SearchQuery): Promise<{ books: BookListItem[]; total: number; totalPages: number }> {
    const { hits, total } = await this.engine.search(query);
    return { books: hits.map(toBookListItem), total, totalPages: Math.ceil(total / query.pageSize) };
  }

  /** `count` random books matching the filters, leaving out `except`. */
  async random(filters: Partial<SearchQuery>, count: number, except?: number): Promise<BookListItem[]> {
    const picked = await this.engine.sample({ page: 1, pageSize: count, sort: 'random', ...filters }, count + 1);
    return picked.filter((doc) => doc.book_id !== except).slice(0, count).map(toBookListItem);
  }
}
