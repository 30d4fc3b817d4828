import type { BookMetadata, ChapterData } from '../catalog/book-metadata';
import type { DomainEvent } from './domain-event';

export const CatalogEventType = {
  BookPublished: 'book.published.v1',
  BookUpdated: 'book.updated.v1',
  ChapterPublished: 'chapter.published.v1',
  ChapterUpdated: 'chapter.updated.v1',
} as const;

/** Both carry the book's whole metadata: a projection never needs an earlier event to apply a later one. */
export type BookPublishedV1 = DomainEvent<typeof CatalogEventType.BookPublished, BookMetadata>;
export type BookUpdatedV1 = DomainEvent<typeof CatalogEventType.BookUpdated, BookMetadata>;
export type ChapterPublishedV1 = DomainEvent<typeof CatalogEventType.ChapterPublished, ChapterData>;
export type ChapterUpdatedV1 = DomainEvent<typeof CatalogEventType.ChapterUpdated, ChapterData>;

export type CatalogEvent = BookPublishedV1 | BookUpdatedV1 | ChapterPublishedV1 | ChapterUpdatedV1;

export const catalogStreams = {
  book: (bookId: number): string => `book-${bookId}`,
  chapter: (bookId: number, chapterId: number): string => `chapter-${bookId}-${chapterId}`,
};
