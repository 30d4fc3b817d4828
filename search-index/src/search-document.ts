import type {
  CompletionStatus,
  Diversity,
  Ending,
  Genre,
  OriginalLanguage,
  Setting,
  Tag,
} from '@shelf/contracts';

/** One book as the search index holds it: what a book card shows plus every field the search filters on. */
export interface SearchBookDocument {
  book_id: number;
  english_book_name: string;
  original_book_name: string;
  associated_names: string[];
  author: string;
  cover_image: string;
  description: string;
  book_word_count: number;
  diversities: Diversity;
  original_languages: OriginalLanguage;
  completion_statuses: CompletionStatus;
  endings: Ending;
  genres: Genre[];
  settings: Setting[];
  tags: Tag[];
  /** ISO 8601 time of the latest chapter (or of publication, before the first chapter). */
  last_updated: string;
  /** The same time in milliseconds, for sorting. */
  last_updated_ms: number;
  latest_chapter: number | null;
  latest_chapter_title: string | null;
  like_count: number;
}

/** The attributes the text box searches, in order of importance. */
export const SEARCHABLE_ATTRIBUTES = ['english_book_name', 'associated_names', 'original_book_name', 'author'] as const;
