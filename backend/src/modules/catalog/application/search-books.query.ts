import { Injectable } from '@nestjs/common';
import type { SearchResponse } from '@shelf/contracts';
import type { SearchQuery } from '@shelf/search-index';
import { CatalogLists } from './catalog-lists';

/** GET /api/searchbook */
@Injectable()
export class SearchBooksQuery {
  constructor(private readonly lists: CatalogLists) {}

  async execute(query: SearchQuery): Promise<SearchResponse> {
    const { books, total, totalPages } = await this.lists.page(query);
    return { books, totalBooks: total, totalPages };
  }
}
