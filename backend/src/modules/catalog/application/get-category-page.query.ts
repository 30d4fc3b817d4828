import { Injectable } from '@nestjs/common';
import { type BookPageListResponse, type Category, DIVERSITIES, GENRES, SETTINGS, TAGS } from '@shelf/contracts';
import type { SearchQuery } from '@shelf/search-index';
import { DomainError } from '../../../domain/domain-error';
import { CatalogLists } from './catalog-lists';
import { parsePageNum, type QueryParams } from './parse-search-params';

export const CATEGORY_PAGE_SIZE = 20;

const categoryValues: Record<Category, readonly string[]> = { diversity: DIVERSITIES, setting: SETTINGS, genre: GENRES, tag: TAGS };

const filterOf: Record<Category, (value: string) => Partial<SearchQuery>> = {
  diversity: (value) => ({ diversity: value as SearchQuery['diversity'] }),
  setting: (value) => ({ settings: [value as NonNullable<SearchQuery['settings']>[number]] }),
  genre: (value) => ({ genres: [value as NonNullable<SearchQuery['genres']>[number]] }),
  tag: (value) => ({ tags: [value as NonNullable<SearchQuery['tags']>[number]] }),
};

/** GET /api/{category}/{value}?pageNum: the category's books, latest updates first. */
@Injectable()
export class GetCategoryPageQuery {
  constructor(private readonly lists: CatalogLists) {}

  async execute(category: Category, value: string, params: QueryParams): Promise<BookPageListResponse> {
    if (!categoryValues[category].includes(value)) throw new DomainError('not-found', `There is no ${category} called "${value}".`);
    const page = parsePageNum(params);
    const { books, totalPages } = await this.lists.page({ page, pageSize: CATEGORY_PAGE_SIZE, sort: 'newest', ...filterOf[category](value) });
    return { books, totalPages };
  }
}
