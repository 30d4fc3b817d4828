import { createHash } from 'node:crypto';
import {
  bookReadModelId,
  type BookReadModel,
  CatalogEventType,
  type CatalogEvent,
  type ChapterReadModel,
  chapterKey,
  chapterReadModelId,
  countWords,
  type LogPlace,
} from '@shelf/contracts';

/**
 * The catalog projections as pure functions of (document, event) → document. The live projector and the rebuild
 * use the same functions, so a rebuilt read model equals the live one. Each function ignores an event its document
 * already reflects (same or older stream version), which makes applying an event twice change nothing.
 */
export function emptyBook(bookId: number): BookReadModel {
  return { _id: bookReadModelId(bookId), book_id: bookId, metadata: null, metadataVersion: 0, chapters: {}, published_at: null };
}

/** `place`: the event's in the log (null out of log order), which a chapter's first publication keeps. */
export function reduceBook(book: BookReadModel, event: CatalogEvent, place: LogPlace | null = null): BookReadModel {
  switch (event.type) {
    case CatalogEventType.BookPublished:
    case CatalogEventType.BookUpdated:
      if (event.version <= book.metadataVersion) return book;
      return {
        ...book,
        metadata: event.data,
        metadataVersion: event.version,
        published_at: book.published_at ?? event.occurredAt,
      };
    case CatalogEventType.ChapterPublished:
    case CatalogEventType.ChapterUpdated: {
      const key = chapterKey(event.data.chapter_id);
      const current = book.chapters[key];
      if (current && event.version <= current.version) return book;
      const summary = {
        chapter_id: event.data.chapter_id,
        title: event.data.title,
        uploaded_time: event.data.uploaded_time,
        word_count: countWords(event.data.content),
        version: event.version,
        text_hash: chapterTextHash(event.data.content),
        ...((current?.published_place ?? place) && { published_place: current?.published_place ?? place! }),
      };
      return { ...book, chapters: { ...book.chapters, [key]: summary } };
    }
  }
}

/** A hash of a chapter's text (64 bits of its SHA-256): the chapter list's `text_hash`, which changes when the text is revised. */
export const chapterTextHash = (content: string): string => createHash('sha256').update(content).digest('hex').slice(0, 16);

/** The chapter document an event leaves, or null when the event is not a newer version of a chapter. */
export function reduceChapter(chapter: ChapterReadModel | null, event: CatalogEvent): ChapterReadModel | null {
  if (event.type !== CatalogEventType.ChapterPublished && event.type !== CatalogEventType.ChapterUpdated) return null;
  if (chapter && event.version <= chapter.version) return null;
  return {
    _id: chapterReadModelId(event.data.book_id, event.data.chapter_id),
    ...event.data,
    chapter_word_count: countWords(event.data.content),
    last_updated_time: event.occurredAt,
    version: event.version,
  };
}

/** The book a catalog event concerns. */
export const bookIdOf = (event: CatalogEvent): number => event.data.book_id;
