import { Injectable } from '@nestjs/common';
import type { SearchResponse } from '@shelf/contracts';
import { CatalogLists, parseSearchParams, type QueryParams } from '../../catalog';
import { ReadingProgressReadStore } from '../../reading-progress';
import { ShelvesReadStore } from '../infrastructure/shelves-read-store';

/** GET /api/user/searchbook: the search of GET /api/searchbook without the stories the reader has opened or shelved. */
@Injectable()
export class SearchUnreadQuery {
  constructor(
    private readonly lists: CatalogLists,
    private readonly progress: ReadingProgressReadStore,
    private readonly shelves: ShelvesReadStore,
  ) {}

  async execute(userId: string, params: QueryParams): Promise<SearchResponse> {
    const query = parseSearchParams(params);
    const [positions, shelved] = await Promise.all([this.progress.positions(userId), this.shelves.stories(userId)]);
    const hidden = new Set([...Object.values(positions), ...Object.values(shelved)].map((story) => story.book_id));
    const { books, total, totalPages } = await this.lists.page({ ...query, excludeBookIds: [...hidden] });
    return { books, totalBooks: total, totalPages };
  }
}
