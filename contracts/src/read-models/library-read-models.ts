import type { Shelf } from '../events/library-events';
import type { TitleForm } from '../catalog/glossary';

/**
 * A reader's library, projected from their `library-{user id}-…` streams (one partition per reader, so each document
 * has one writer). Every document is looked up by `_id`.
 */
export const LibraryReadModelCollection = {
  /** One per reader, `_id` = user id: where they stopped in every book they have opened. */
  ReadingProgress: 'rm_reading_progress',
  /** One per reader and book, `_id` = `{user id}:{book id}`: which of the book's chapters they have read. */
  BookProgress: 'rm_book_progress',
  /** One per reader, `_id` = user id: the shelf of each story they shelved. */
  Shelves: 'rm_shelves',
  /** One per reader, `_id` = user id: their saved searches. */
  SearchPresets: 'rm_search_presets',
  /** One per feed address ever made, `_id` = its token id: whose Reading shelf it shows, and whether it is turned off. */
  FeedTokens: 'rm_feed_tokens',
  /** One per reader, `_id` = user id: the token id of their Reading-shelf feed address, if one is on. */
  ReaderFeeds: 'rm_reader_feeds',
  /** One per reader, `_id` = user id: the readers they muted and blocked. */
  ReaderMutes: 'rm_reader_mutes',
  /** One per reader who chose a setting, `_id` = user id: their reader settings (the defaults for the others). */
  ReaderSettings: 'rm_reader_settings',
} as const;

/** Where a reader stopped in one book. */
export interface BookPosition {
  book_id: number;
  chapter_id: number;
  /** 0 = the chapter's top, 1 = its end. */
  position: number;
  /** ISO time of the event that recorded it. */
  read_at: string;
}

export interface ReadingProgressReadModel {
  _id: string;
  /** Keyed `b{book_id}`. */
  books: Record<string, BookPosition>;
}

export interface BookProgressReadModel {
  _id: string;
  user_id: string;
  book_id: number;
  /** Chapter ids read (opened), ascending. */
  chapters_read: number[];
  /** The text each chapter had when the reader last opened it (its `text_hash`), keyed `c{chapter_id}`. */
  texts_read?: Record<string, string>;
}

export interface ShelvedStory {
  book_id: number;
  shelf: Shelf;
  /** ISO time the story was put on this shelf. */
  shelved_at: string;
}

export interface ShelvesReadModel {
  _id: string;
  /** The stories on a shelf, keyed `b{book_id}`. */
  books: Record<string, ShelvedStory>;
  /** The version of each story's shelf stream last applied, keyed `b{book_id}` (kept when it leaves the shelves). */
  versions: Record<string, number>;
}

/** A saved search: its name and its /searchbook address query. */
export interface SearchPreset {
  name: string;
  query: string;
  /** ISO time it was saved. */
  saved_at: string;
}

export interface SearchPresetsReadModel {
  _id: string;
  /** In the order they were first saved. */
  presets: SearchPreset[];
  /** The version of the reader's search-presets stream last applied. */
  version: number;
}

/** A Reading-shelf feed address (`_id` = its token id, random, 128 bits as 32 hex digits). */
export interface FeedTokenReadModel {
  _id: string;
  user_id: string;
  /** ISO time it was made. */
  created_at: string;
  /** ISO time it was turned off; null while it answers. */
  revoked_at: string | null;
}

export interface ReaderFeedsReadModel {
  _id: string;
  /** The token id of the reader's Reading-shelf feed address; null when they have none on. */
  token_id: string | null;
  /** ISO time it was made. */
  created_at: string | null;
  /** The version of the reader's feed-token stream last applied. */
  version: number;
}

/** A reader someone muted or blocked: their id, their name when it was done, and when. */
export interface MutedReader {
  user_id: string;
  username: string;
  /** ISO time it was done. */
  since: string;
}

/**
 * A reader someone muted or blocked as their mutes document keeps them: without the name, which is the muted reader's
 * and would outlive their erasure (the document's one writer is the muter's partition); read from their account when
 * the list is shown.
 */
export type MutedReaderRef = Omit<MutedReader, 'username'>;

export interface ReaderMutesReadModel {
  _id: string;
  /** The readers they muted, oldest first. */
  muted: MutedReaderRef[];
  /** The readers they blocked, oldest first (a blocked reader may be muted too: each list stands on its own). */
  blocked: MutedReaderRef[];
  /** The version of the reader's mutes stream last applied. */
  version: number;
}

/** A reader's settings kept on the account. */
export interface ReaderSettings {
  /** Fold comments on chapters later than the one the reader is on (on unless turned off). */
  spoiler_fold: boolean;
  /** Mark the story's glossary names and terms in chapter text, a tap on each opening its card (on unless turned off). */
  glossary_marks: boolean;
  /** The titles the reader reads in a form of their choosing, in the order first chosen (titleKey: the original in lower case). */
  title_forms: { title: string; form: TitleForm }[];
}

export const DEFAULT_READER_SETTINGS: ReaderSettings = { spoiler_fold: true, glossary_marks: true, title_forms: [] };

export interface ReaderSettingsReadModel extends ReaderSettings {
  _id: string;
  /** The version of the reader's settings stream last applied. */
  version: number;
}
