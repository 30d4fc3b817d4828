import type { BookMetadata, ChapterData } from '../catalog/book-metadata';
import type { LogPlace } from '../events/event-log';

export const ReadModelCollection = {
  Books: 'rm_books',
  Chapters: 'rm_chapters',
} as const;

/** A chapter as the book's chapter list holds it. */
export interface ChapterSummary {
  chapter_id: number;
  title: string;
  uploaded_time: string;
  word_count: number;
  /** The version of the chapter's stream this entry reflects. */
  version: number;
  /**
   * A hash of the chapter's text (its content, not its title or notes): it changes when the text is revised. Absent
   * only from a chapter list projected before it was kept (until the catalog's read models are rebuilt).
   */
  text_hash?: string;
  /**
   * Where the chapter's publication is in the log (absent: projected before places were kept): e-mail digests list the
   * chapters projected between two of them by it (DigestWindow).
   */
  published_place?: LogPlace;
}

/**
 * One book: its metadata (null until BookPublished is applied) and the summaries of its chapters. Read-model ids are
 * strings: the embedded store finds documents by id quickly only for string ids.
 */
export interface BookReadModel {
  /** The book id as text (bookReadModelId). */
  _id: string;
  book_id: number;
  metadata: BookMetadata | null;
  metadataVersion: number;
  /** Keyed `c{chapter_id}`, so one chapter's entry is one field. */
  chapters: Record<string, ChapterSummary>;
  /** ISO time the book was first published. */
  published_at: string | null;
}

/** One chapter with its text; `_id` is `{book_id}:{chapter_id}`. */
export interface ChapterReadModel extends ChapterData {
  _id: string;
  chapter_word_count: number;
  last_updated_time: string;
  version: number;
}

export const bookReadModelId = (bookId: number): string => String(bookId);
export const chapterReadModelId = (bookId: number, chapterId: number): string => `${bookId}:${chapterId}`;
export const chapterKey = (chapterId: number): string => `c${chapterId}`;
