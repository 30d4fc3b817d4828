import type { BookListItem } from './book-list-item';
import type { GlossaryEntry } from '../catalog/glossary';

/** A book on its own page. Its list fields are joined into strings, as each field says. */
export interface BookDetail {
  book_id: number;
  english_book_name: string;
  author: string;
  cover_image: string;
  book_word_count: number;
  raw_source: string;
  description: string;
  book_tl_note: string;
  last_updated: string;
  original_book_name: string;
  /** Comma-separated; empty when the book has no other names. */
  associated_names: string;
  completion_statuses: string;
  diversities: string;
  endings: string;
  /** Comma-separated. */
  genres: string;
  original_languages: string;
  /** Comma-separated. */
  settings: string;
  /** Comma-separated. */
  tags: string;
  /** Semicolon-separated `{book_id}-{name}` entries. */
  part_of_series: string;
  shared_universe: string;
  similar_theme: string;
}

export interface ChapterListEntry {
  chapter_id: number;
  title: string;
  uploaded_time: string;
}

export interface ChapterContent {
  chapter_id: number;
  book_id: number;
  title: string;
  chapter_word_count: number;
  content: string;
  previous_chapter_id: number | null;
  next_chapter_id: number | null;
  footnote: string;
  chapter_author_note: string;
  chapter_tl_note: string;
  uploaded_time: string;
  last_updated_time: string;
}

/** The few book fields the chapter page and its comments need. */
export interface BookSummary {
  book_id: number;
  english_book_name: string;
  description: string;
}

/** GET /api/{bookIDSlug} */
export interface BookPageResponse {
  bookDetails: BookDetail;
  chapters: ChapterListEntry[];
  randomBooks: BookListItem[];
  /** The book's glossary, every entry (the page shows a reader those of the chapters they have reached); [] for none. */
  glossary: GlossaryEntry[];
}

/** GET /api/{bookIDSlug}/{chapterID} */
export interface ChapterPageResponse {
  chapterContent: ChapterContent;
  chapterList: ChapterListEntry[];
  bookDetails: BookSummary;
  /** The book to read after this one: the next of its series, else the next book by id; null after the last. */
  nextBook: { book_id: number; english_book_name: string } | null;
  randomBooks: BookListItem[];
  /** The glossary entries that may be shown at this chapter (from_chapter at most its id), which its text marks; [] for none. */
  glossary: GlossaryEntry[];
}

/** GET /api/{category}/{value} and GET /api/user/liked-story */
export interface BookPageListResponse {
  books: BookListItem[];
  totalPages: number;
}

/** GET /api/searchbook */
export interface SearchResponse {
  books: BookListItem[];
  totalBooks: number;
  totalPages: number;
}

/** Every 4xx and 5xx answer carries a message for the reader. */
export interface ErrorResponse {
  statusCode: number;
  message: string;
}
