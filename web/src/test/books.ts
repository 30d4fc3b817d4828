import type { BookDetail, BookListItem } from '@shelf/contracts';

/** A list book with every field set; tests override what they look at. */
export const listBook = (overrides: Partial<BookListItem> = {}): BookListItem => ({
  book_id: 12,
  english_book_name: 'Golden Stage',
  cover_image: '/covers/12.svg',
  author: 'Mu Su Li',
  book_word_count: 266 * 30,
  diversities: 'Danmei/BL',
  completion_statuses: 'Ongoing',
  description: 'First line\nSecond line',
  last_updated: '2026-01-01T00:00:00.000Z',
  original_book_name: '',
  latest_chapter: 7,
  latest_chapter_title: 'Chapter 7: The Audition',
  like_count: 0,
  has_new_updates: false,
  ...overrides,
});

/** A story's details with every field set; tests override what they look at. */
export const bookDetail = (overrides: Partial<BookDetail> = {}): BookDetail => ({
  book_id: 12,
  english_book_name: 'Golden Stage',
  author: 'Mu Su Li',
  cover_image: '/covers/12.svg',
  book_word_count: 123456,
  raw_source: '',
  description: 'First line\nSecond *line*',
  book_tl_note: '',
  last_updated: '2026-01-01T00:00:00.000Z',
  original_book_name: '',
  associated_names: '',
  completion_statuses: 'Completed',
  diversities: 'Danmei/BL',
  endings: 'Happy Ending',
  genres: 'Romance, Drama',
  original_languages: 'Chinese',
  settings: 'Modern',
  tags: 'Sweet, Entertainment Industry',
  part_of_series: '11-Golden Stage Prequel;12-Golden Stage;13-Golden Stage: Encore!',
  shared_universe: '',
  similar_theme: '',
  ...overrides,
});
