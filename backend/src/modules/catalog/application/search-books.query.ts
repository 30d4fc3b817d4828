import { Injectable } from '@nestjs/common';
import type { SearchResponse } from '@shelf/contracts';
import { CatalogLists } from './catalog-lists';
import { parseSearchParams, type QueryParams } from './parse-search-params';

/** GET /api/searchbook */
@Injectable()
export class SearchBooksQuery {
  constructor(private readonly lists: CatalogLists) {}

  async execute(params: QueryParams): Promise<SearchResponse> {
    const { books, total, totalPages } = await this.lists.page(parseSearchParams(params));
    return { books, totalBooks: total, totalPages };
  }
}
