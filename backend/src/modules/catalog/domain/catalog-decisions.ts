import {
  type AnyDomainEvent,
  type BookMetadata,
  CatalogEventType,
  type ChapterData,
} from '@shelf/contracts';
import { isDeepStrictEqual } from 'node:util';
import type { Decision } from '../../../domain/decision';

export type SaveOutcome = 'published' | 'updated' | 'unchanged';

/** The latest data a book or chapter stream holds, or null for a stream without events. */
function currentData<T>(history: AnyDomainEvent[]): T | null {
  return (history.at(-1)?.data as T | undefined) ?? null;
}

/** Publishing a book: BookPublished for a new one, BookUpdated when its metadata changed, nothing otherwise. */
export function decideBook(history: AnyDomainEvent[], metadata: BookMetadata): Decision<SaveOutcome> {
  const current = currentData<BookMetadata>(history);
  if (current === null) return { outcome: 'published', events: [{ type: CatalogEventType.BookPublished, data: metadata }] };
  if (isDeepStrictEqual(current, metadata)) return { outcome: 'unchanged', events: [] };
  return { outcome: 'updated', events: [{ type: CatalogEventType.BookUpdated, data: metadata }] };
}

/** The same for a chapter. */
export function decideChapter(history: AnyDomainEvent[], chapter: ChapterData): Decision<SaveOutcome> {
  const current = currentData<ChapterData>(history);
  if (current === null) return { outcome: 'published', events: [{ type: CatalogEventType.ChapterPublished, data: chapter }] };
  if (isDeepStrictEqual(current, chapter)) return { outcome: 'unchanged', events: [] };
  return { outcome: 'updated', events: [{ type: CatalogEventType.ChapterUpdated, data: chapter }] };
}
