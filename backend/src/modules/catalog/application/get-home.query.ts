import { Injectable } from '@nestjs/common';
import type { HomeResponse } from '@shelf/contracts';
import { CatalogLists } from './catalog-lists';

export const HOME_LATEST = 12;
export const HOME_RANDOM = 8;

/** GET /api/: the latest updates and random BL and non-BL recommendations. */
@Injectable()
export class GetHomeQuery {
  constructor(private readonly lists: CatalogLists) {}

  async execute(): Promise<HomeResponse> {
    const [latest, randomBLBooks, randomNonBLBooks] = await Promise.all([
      this.lists.page({ page: 1, pageSize: HOME_LATEST, sort: 'newest' }),
      this.lists.random({ diversity: 'Danmei/BL' }, HOME_RANDOM),
      this.lists.random({ diversity: 'Non-BL' }, HOME_RANDOM),
    ]);
    return { latestBooks: latest.books, randomBLBooks, randomNonBLBooks };
  }
}
