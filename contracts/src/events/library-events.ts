import type { TitleForm } from '../catalog/glossary';
import type { DomainEvent } from './domain-event';

/** A reader's own library: where they stopped in each book, and the shelf each story is on. */
export const LibraryEventType = {
  /** The reader was at `position` (0 = the chapter's top, 1 = its end) of chapter `chapter_id` of book `book_id`. */
  ProgressRecorded: 'reading.progress-recorded.v1',
  /**
   * The reader opened chapter `chapter_id` of book `book_id` as its text is at `text_hash` (the chapter list's
   * `text_hash`): appended with a progress event when the reader first reads that text of the chapter.
   */
  ChapterTextRead: 'reading.chapter-text-read.v1',
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
  /** The reader muted `target_id` (named `username` then): that reader's comments fold for them. */
  ReaderMuted: 'library.reader-muted.v1',
  /** The reader unmuted `target_id`. */
  ReaderUnmuted: 'library.reader-unmuted.v1',
  /** The reader blocked `target_id`: folded as muted, and that reader can no longer reply to their comments. */
  ReaderBlocked: 'library.reader-blocked.v1',
  /** The reader unblocked `target_id`. */
  ReaderUnblocked: 'library.reader-unblocked.v1',
  /**
   * The reader chose whether comments on chapters later than the one they are on are folded (`fold`, true unless they
   * turned it off).
   */
  SpoilerFoldChosen: 'library.spoiler-fold-chosen.v1',
  /** The reader chose whether chapter text marks the story's glossary names and terms (`marks`, true unless turned off). */
  GlossaryMarksChosen: 'library.glossary-marks-chosen.v1',
  /**
   * The reader chose which form of a glossary title (shixiong, senior brother) they read wherever it stands: its
   * `original`, its `rendering`, or `as_written` (each as the translation has it; the choice is forgotten). `title` is
   * the title's original in lower case, the same in every book.
   */
  TitleFormChosen: 'library.title-form-chosen.v1',
  /**
   * The reader chose how often to get the e-mail digest of `kind` (none, daily or weekly), sent at their local morning
   * hour in `time_zone` (an IANA name) to `email`; `via` says whether they chose it in the profile or unsubscribed
   * from a digest's link.
   */
  DigestChosen: 'library.digest-chosen.v1',
  /**
   * The reader's account was erased: their library (where they are in each book, their e-mail digests) is forgotten.
   * Appended in the reader's library partition, whose consumer alone writes those documents.
   */
  ReaderForgotten: 'library.reader-forgotten.v1',
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
export type ChapterTextReadV1 = DomainEvent<typeof LibraryEventType.ChapterTextRead, { user_id: string; book_id: number; chapter_id: number; text_hash: string }>;
export type ShelfChosenV1 = DomainEvent<typeof LibraryEventType.ShelfChosen, { user_id: string; book_id: number; shelf: Shelf }>;
export type ShelfClearedV1 = DomainEvent<typeof LibraryEventType.ShelfCleared, { user_id: string; book_id: number }>;

export type SearchPresetSavedV1 = DomainEvent<typeof LibraryEventType.SearchPresetSaved, { user_id: string; name: string; query: string }>;
export type SearchPresetDeletedV1 = DomainEvent<typeof LibraryEventType.SearchPresetDeleted, { user_id: string; name: string }>;

export type FeedTokenCreatedV1 = DomainEvent<typeof LibraryEventType.FeedTokenCreated, { user_id: string; token_id: string }>;
export type FeedTokenRevokedV1 = DomainEvent<typeof LibraryEventType.FeedTokenRevoked, { user_id: string; token_id: string }>;

/** A mute or a block: `user_id` mutes or blocks `target_id`, whose name was `username` at that moment. */
export type ReaderMutedV1 = DomainEvent<typeof LibraryEventType.ReaderMuted, { user_id: string; target_id: string; username: string }>;
export type ReaderUnmutedV1 = DomainEvent<typeof LibraryEventType.ReaderUnmuted, { user_id: string; target_id: string }>;
export type ReaderBlockedV1 = DomainEvent<typeof LibraryEventType.ReaderBlocked, { user_id: string; target_id: string; username: string }>;
export type ReaderUnblockedV1 = DomainEvent<typeof LibraryEventType.ReaderUnblocked, { user_id: string; target_id: string }>;
export type MuteEvent = ReaderMutedV1 | ReaderUnmutedV1 | ReaderBlockedV1 | ReaderUnblockedV1;
export type SpoilerFoldChosenV1 = DomainEvent<typeof LibraryEventType.SpoilerFoldChosen, { user_id: string; fold: boolean }>;
export type GlossaryMarksChosenV1 = DomainEvent<typeof LibraryEventType.GlossaryMarksChosen, { user_id: string; marks: boolean }>;
export type TitleFormChosenV1 = DomainEvent<typeof LibraryEventType.TitleFormChosen, { user_id: string; title: string; form: TitleForm | 'as_written' }>;
/** What a reader's settings stream holds. */
export type ReaderSettingsEvent = SpoilerFoldChosenV1 | GlossaryMarksChosenV1 | TitleFormChosenV1;

export type DigestChosenV1 = DomainEvent<
  typeof LibraryEventType.DigestChosen,
  { user_id: string; kind: DigestKind; frequency: DigestFrequency; time_zone: string; email: string; via: 'profile' | 'unsubscribe' }
>;

export type LibraryEvent =
  | ProgressRecordedV1
  | ChapterTextReadV1
  | ShelfChosenV1
  | ShelfClearedV1
  | SearchPresetSavedV1
  | SearchPresetDeletedV1
  | FeedTokenCreatedV1
  | FeedTokenRevokedV1
  | MuteEvent
  | ReaderSettingsEvent
  | DigestChosenV1
  | ReaderForgottenV1;

export type ReaderForgottenV1 = DomainEvent<typeof LibraryEventType.ReaderForgotten, { user_id: string }>;

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
  /** The readers this reader muted and blocked: one short stream (at most MUTE_LIMIT of each at once). */
  mutes: (userId: string): string => `library-${userId}-mutes`,
  /** The one event that forgets the reader's library when their account is erased. */
  forgotten: (userId: string): string => `library-${userId}-forgotten`,
  /** The reader's choices about how the site reads to them (folding spoilers). */
  readerSettings: (userId: string): string => `library-${userId}-settings`,
  /** The reader's e-mail digest choices, both kinds. */
  digests: (userId: string): string => `library-${userId}-digests`,
};
