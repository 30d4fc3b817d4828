/** A book as lists show it, one book card each. */
export interface BookListItem {
  book_id: number;
  cover_image: string;
  english_book_name: string;
  author: string;
  book_word_count: number;
  diversities: string;
  completion_statuses: string;
  /** May hold line breaks and Markdown. */
  description: string;
  /** ISO 8601 date-time. */
  last_updated: string;
  original_book_name: string;
  latest_chapter: number | null;
  latest_chapter_title: string | null;
  like_count: number;
  has_new_updates: boolean;
}
