import type { CompletionStatus, Diversity, Ending, Genre, OriginalLanguage, Setting, Tag } from './enums';
import type { GlossaryEntry } from './glossary';

/** A reference to another book in a related list: its id and its English name. */
export interface RelatedBookRef {
  book_id: number;
  name: string;
}

/**
 * Everything an editor states about a book. It is the payload of BookPublished and BookUpdated, and the content of
 * a book's `book.json` in the import folder format (docs/catalog-import.md).
 */
export interface BookMetadata {
  book_id: number;
  english_book_name: string;
  original_book_name: string;
  /** Other names the book is known by; shown only when present. */
  associated_names: string[];
  author: string;
  cover_image: string;
  raw_source: string;
  /** Markdown; may hold line breaks. */
  description: string;
  /** Markdown; empty when the translator left none. */
  book_tl_note: string;
  diversities: Diversity;
  original_languages: OriginalLanguage;
  completion_statuses: CompletionStatus;
  endings: Ending;
  genres: Genre[];
  settings: Setting[];
  tags: Tag[];
  part_of_series: RelatedBookRef[];
  shared_universe: RelatedBookRef[];
  similar_theme: RelatedBookRef[];
  /** Its names and terms (the import folder's `glossary.json`); absent for a book without one. */
  glossary?: GlossaryEntry[];
}

/** Everything an editor states about a chapter: the payload of ChapterPublished and ChapterUpdated. */
export interface ChapterData {
  book_id: number;
  /** The chapter's number within its book, from 1: it orders the chapters and appears in the chapter URL. */
  chapter_id: number;
  title: string;
  /** Markdown. */
  content: string;
  footnote: string;
  chapter_author_note: string;
  chapter_tl_note: string;
  /** ISO 8601 time of the first upload. */
  uploaded_time: string;
}
