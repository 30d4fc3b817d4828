import type { BookListItem } from './book-list-item';

/** GET /api/ */
export interface HomeResponse {
  latestBooks: BookListItem[];
  randomBLBooks: BookListItem[];
  randomNonBLBooks: BookListItem[];
}
