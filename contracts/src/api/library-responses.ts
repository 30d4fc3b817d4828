import type { BookPosition } from '../read-models/library-read-models';

/** GET /api/user/reading-progress?book_id=: where the reader stopped in the book, and the chapters they have read. */
export interface BookProgressResponse {
  progress: BookPosition | null;
  chapters_read: number[];
}

/** One book of the "Continue reading" row. */
export interface ContinueReadingItem extends BookPosition {
  slug: string;
  english_book_name: string;
  cover_image: string;
  chapter_title: string;
}

/** GET /api/user/reading-progress/recent: the books the reader read last, newest first. */
export interface ContinueReadingResponse {
  books: ContinueReadingItem[];
}

/** POST /api/user/reading-progress/merge: how many of the entries were newer than the account's and were recorded. */
export interface MergeProgressResponse {
  merged: number;
}

/** How many books the "Continue reading" row shows, and how many visitor entries one merge takes. */
export const CONTINUE_READING_LIMIT = 10;
export const PROGRESS_MERGE_LIMIT = 100;
