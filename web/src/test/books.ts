import type { BookListItem } from '@shelf/contracts';

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
