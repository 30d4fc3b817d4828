import type { BookMetadata } from '@shelf/contracts';

/**
 * One book as the search index holds it: what a book card shows plus every field the search filters on — the
 * book's own metadata and what its chapters add.
 */
export type SearchBookDocument = Pick<
  BookMetadata,
  | 'book_id' | 'english_book_name' | 'original_book_name' | 'associated_names' | 'author' | 'cover_image' | 'description'
  | 'diversities' | 'original_languages' | 'completion_statuses' | 'endings' | 'genres' | 'settings' | 'tags'
> & {
  book_word_count: number;
  /** ISO 8601 time of the latest chapter (or of publication, before the first chapter). */
  last_updated: string;
  /** The same time in milliseconds, for sorting. */
  last_updated_ms: number;
  latest_chapter: number | null;
  latest_chapter_title: string | null;
  like_count: number;
};

/** The attributes the text box searches, in order of importance. */
export const SEARCHABLE_ATTRIBUTES = ['english_book_name', 'associated_names', 'original_book_name', 'author'] as const;
