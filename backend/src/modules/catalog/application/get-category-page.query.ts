import { Injectable } from '@nestjs/common';
import type { BookPageListResponse, Category } from '@shelf/contracts';
import type { SearchQuery } from '@shelf/search-index';
import { CatalogLists } from './catalog-lists';

export const CATEGORY_PAGE_SIZE = 20;

const filterOf: Record<Category, (value: string) => Partial<SearchQuery>> = {
  diversity: (value) => ({ diversity: value as SearchQuery['diversity'] }),
  setting: (value) => ({ settings: [value as NonNullable<SearchQuery['settings']>[number]] }),
  genre: (value) => ({ genres: [value as NonNullable<SearchQuery['genres']>[number]] }),
  tag: (value) => ({ tags: [value as NonNullable<SearchQuery['tags']>[number]] }),
};

/** GET /api/{category}/{value}: the category's books, latest updates first. The value is already validated. */
@Injectable()
export class GetCategoryPageQuery {
  constructor(private readonly lists: CatalogLists) {}

  async execute(category: Category, value: string, page: number): Promise<BookPageListResponse> {
    const { books, totalPages } = await this.lists.page({ page, pageSize: CATEGORY_PAGE_SIZE, sort: 'newest', ...filterOf[category](value) });
    return { books, totalPages };
  }
}
