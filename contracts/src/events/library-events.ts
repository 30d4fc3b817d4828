import type { DomainEvent } from './domain-event';

/** A reader's own library: where they stopped in each book, the shelf each story is on, and their saved searches. */
export const LibraryEventType = {
  /** The reader was at `position` (0 = the chapter's top, 1 = its end) of chapter `chapter_id` of book `book_id`. */
  ProgressRecorded: 'reading.progress-recorded.v1',
  /** The reader put the story on a shelf (it leaves any other shelf). */
  ShelfChosen: 'library.shelf-chosen.v1',
  /** The reader took the story off its shelf. */
  ShelfCleared: 'library.shelf-cleared.v1',
  /** The reader saved a search's filters under a name (saving a name again replaces its filters). */
  SearchPresetSaved: 'search.preset-saved.v1',
  SearchPresetDeleted: 'search.preset-deleted.v1',
} as const;

export const SHELVES = ['reading', 'plan-to-read', 'completed', 'dropped'] as const;
export type Shelf = (typeof SHELVES)[number];

export type ProgressRecordedV1 = DomainEvent<
  typeof LibraryEventType.ProgressRecorded,
  { user_id: string; book_id: number; chapter_id: number; position: number }
>;
export type ShelfChosenV1 = DomainEvent<typeof LibraryEventType.ShelfChosen, { user_id: string; book_id: number; shelf: Shelf }>;
export type ShelfClearedV1 = DomainEvent<typeof LibraryEventType.ShelfCleared, { user_id: string; book_id: number }>;
/** `query` is the search page's query string without `?` and without `page` (e.g. `genre=Romance&exclude_tag=Tragedy`). */
export type SearchPresetSavedV1 = DomainEvent<typeof LibraryEventType.SearchPresetSaved, { user_id: string; preset_id: string; name: string; query: string }>;
export type SearchPresetDeletedV1 = DomainEvent<typeof LibraryEventType.SearchPresetDeleted, { user_id: string; preset_id: string }>;

export type LibraryEvent = ProgressRecordedV1 | ShelfChosenV1 | ShelfClearedV1 | SearchPresetSavedV1 | SearchPresetDeletedV1;

/**
 * A reader's library streams all start `library-{user id}-`, so partitionKey keeps one reader's library in one
 * partition and each reader's library read models have one writer.
 */
export const libraryStreams = {
  /** One stream per chapter: a decision reads its stream, and a chapter's stays short (a position every few seconds of reading). */
  progress: (userId: string, bookId: number, chapterId: number): string => `library-${userId}-progress-${bookId}-${chapterId}`,
  shelf: (userId: string, bookId: number): string => `library-${userId}-shelf-${bookId}`,
  searchPreset: (userId: string, presetId: string): string => `library-${userId}-preset-${presetId}`,
};
