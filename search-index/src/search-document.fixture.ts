// A search document for the search-index tests (not built: tsconfig.json leaves *.fixture.ts out).
import type { SearchBookDocument } from './search-document';

/** Book `book_id` as a plain Danmei/BL romance with no likes, with `overrides` over it. */
export const searchDocument = (book_id: number, overrides: Partial<SearchBookDocument> = {}): SearchBookDocument => ({
  book_id,
  english_book_name: `Book ${book_id}`,
  original_book_name: '',
  associated_names: [],
  author: 'Anonymous',
  cover_image: `/covers/${book_id}.svg`,
  description: '',
  book_word_count: 10_000,
  diversities: 'Danmei/BL',
  original_languages: 'Chinese',
  completion_statuses: 'Ongoing',
  endings: 'Happy Ending',
  genres: ['Romance'],
  settings: ['Modern'],
  tags: ['Sweet'],
  last_updated: new Date(book_id).toISOString(),
  last_updated_ms: book_id,
  latest_chapter: 1,
  latest_chapter_title: 'Chapter 1',
  like_count: 0,
  ...overrides,
});
