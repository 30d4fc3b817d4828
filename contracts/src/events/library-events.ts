import type { DomainEvent } from './domain-event';

/** A reader's own library: where they stopped in each book, and the shelf each story is on. */
export const LibraryEventType = {
  /** The reader was at `position` (0 = the chapter's top, 1 = its end) of chapter `chapter_id` of book `book_id`. */
  ProgressRecorded: 'reading.progress-recorded.v1',
  /** The reader put the story on a shelf (it leaves any other shelf). */
  ShelfChosen: 'library.shelf-chosen.v1',
  /** The reader took the story off its shelf. */
  ShelfCleared: 'library.shelf-cleared.v1',
  /** The reader saved the search `query` (an address query of /searchbook) as `name`, replacing one of that name. */
  SearchPresetSaved: 'library.search-preset-saved.v1',
  /** The reader deleted their saved search `name`. */
  SearchPresetDeleted: 'library.search-preset-deleted.v1',
  /**
   * The reader made a private address for the feed of their Reading shelf. `token_id` names it; the address's secret
   * part is derived from it with the API's AUTH_SECRET and never stored, so the log holds no usable address.
   */
  FeedTokenCreated: 'library.feed-token-created.v1',
  /** The reader turned that address off (or made a new one, which turns the old one off first). */
  FeedTokenRevoked: 'library.feed-token-revoked.v1',
  /**
   * The reader chose how often to get the e-mail digest of `kind` (none, daily or weekly), sent at their local morning
   * hour in `time_zone` (an IANA name) to `email`; `via` says whether they chose it in the profile or unsubscribed
   * from a digest's link.
   */
  DigestChosen: 'library.digest-chosen.v1',
} as const;

/** What an e-mail digest lists: new replies to the reader's comments, or new chapters of their liked or shelved stories. */
export const DIGEST_KINDS = ['replies', 'chapters'] as const;
export type DigestKind = (typeof DIGEST_KINDS)[number];
export const DIGEST_FREQUENCIES = ['none', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

export const SHELVES = ['reading', 'plan-to-read', 'completed', 'dropped'] as const;
export type Shelf = (typeof SHELVES)[number];

export type ProgressRecordedV1 = DomainEvent<
  typeof LibraryEventType.ProgressRecorded,
  { user_id: string; book_id: number; chapter_id: number; position: number }
>;
export type ShelfChosenV1 = DomainEvent<typeof LibraryEventType.ShelfChosen, { user_id: string; book_id: number; shelf: Shelf }>;
export type ShelfClearedV1 = DomainEvent<typeof LibraryEventType.ShelfCleared, { user_id: string; book_id: number }>;

export type SearchPresetSavedV1 = DomainEvent<typeof LibraryEventType.SearchPresetSaved, { user_id: string; name: string; query: string }>;
export type SearchPresetDeletedV1 = DomainEvent<typeof LibraryEventType.SearchPresetDeleted, { user_id: string; name: string }>;

export type FeedTokenCreatedV1 = DomainEvent<typeof LibraryEventType.FeedTokenCreated, { user_id: string; token_id: string }>;
export type FeedTokenRevokedV1 = DomainEvent<typeof LibraryEventType.FeedTokenRevoked, { user_id: string; token_id: string }>;

export type DigestChosenV1 = DomainEvent<
  typeof LibraryEventType.DigestChosen,
  { user_id: string; kind: DigestKind; frequency: DigestFrequency; time_zone: string; email: string; via: 'profile' | 'unsubscribe' }
>;

export type LibraryEvent =
  | ProgressRecordedV1
  | ShelfChosenV1
  | ShelfClearedV1
  | SearchPresetSavedV1
  | SearchPresetDeletedV1
  | FeedTokenCreatedV1
  | FeedTokenRevokedV1
  | DigestChosenV1;

/**
 * A reader's library streams all start `library-{user id}-`, so partitionKey keeps one reader's library in one
 * partition and each reader's library read models have one writer.
 */
export const libraryStreams = {
  /** One stream per chapter: a decision reads its stream, and a chapter's stays short (a position every few seconds of reading). */
  progress: (userId: string, bookId: number, chapterId: number): string => `library-${userId}-progress-${bookId}-${chapterId}`,
  shelf: (userId: string, bookId: number): string => `library-${userId}-shelf-${bookId}`,
  /** All of a reader's saved searches: one short stream (at most SEARCH_PRESET_LIMIT live at once). */
  searchPresets: (userId: string): string => `library-${userId}-search-presets`,
  /** The reader's Reading-shelf feed address: made, made anew, turned off. */
  feedToken: (userId: string): string => `library-${userId}-feed-token`,
  /** The reader's e-mail digest choices, both kinds. */
  digests: (userId: string): string => `library-${userId}-digests`,
};
