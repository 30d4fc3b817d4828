import type { DigestKind, Shelf } from '../events/library-events';
import type { DigestChoices } from '../read-models/digests';
import type { BookPosition, ReaderSettings, SearchPreset } from '../read-models/library-read-models';

/** GET /api/user/reading-progress?book_id=: where the reader stopped in the book, and the chapters they have read. */
export interface BookProgressResponse {
  progress: BookPosition | null;
  chapters_read: number[];
  /** The chapters read whose text was revised since the reader last opened them, ascending. */
  chapters_revised: number[];
}

/** POST /api/user/reading-progress: whether the place was recorded, and whether the chapter's text was revised since the reader last opened it (said once). */
export interface RecordProgressResponse {
  message: string;
  recorded: boolean;
  revised: boolean;
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

/** GET and PUT /api/user/library/shelf: the shelf the story is on, null when it is on none. */
export interface ShelfResponse {
  shelf: Shelf | null;
}

/** A story on one of the reader's shelves, with its chapters uploaded since the reader last read it. */
export interface ShelvedStoryItem {
  book_id: number;
  slug: string;
  english_book_name: string;
  author: string;
  cover_image: string;
  latest_chapter_id: number | null;
  latest_chapter_title: string | null;
  /** ISO time of the latest chapter (or of publication). */
  last_updated: string;
  shelved_at: string;
  /** Chapters uploaded after the reader last read the story (after it was shelved, when they never read it). */
  new_chapters: number;
}

/** GET /api/user/library: every shelf, in SHELVES order, its stories most recently updated first. */
export interface LibraryResponse {
  shelves: { shelf: Shelf; stories: ShelvedStoryItem[] }[];
}

/** The most stories one reader may keep on their shelves. */
export const SHELVED_STORIES_LIMIT = 5_000;

/** How each shelf is named on the site. */
export const SHELF_NAMES: Record<Shelf, string> = {
  reading: 'Reading',
  'plan-to-read': 'Plan to read',
  completed: 'Completed',
  dropped: 'Dropped',
};

/** GET, PUT and DELETE /api/user/search-presets: the reader's saved searches after the call, oldest first. */
export interface SearchPresetsResponse {
  presets: SearchPreset[];
}

/** How many searches one reader may save, and the longest name and address query one may have. */
export const SEARCH_PRESET_LIMIT = 20;
export const SEARCH_PRESET_NAME_MAX = 40;
export const SEARCH_PRESET_QUERY_MAX = 2_000;

/** GET and PUT /api/user/reader-settings: the reader's settings after the call. */
export type ReaderSettingsResponse = ReaderSettings;

/** GET and PUT /api/user/digests: the reader's digest choices. */
export type DigestChoicesResponse = DigestChoices;

/** POST /api/digests/unsubscribe?token=: the digest the token named is off. */
export interface DigestUnsubscribeResponse {
  kind: DigestKind;
  message: string;
}
