import type { BookProgressReadModel, ChapterTextReadV1, ProgressRecordedV1, ReadingProgressReadModel } from '@shelf/contracts';

/** The reader's progress document after the event, or null when it changes nothing (the book's entry is newer or the same). */
export function reduceReadingProgress(current: ReadingProgressReadModel | null, event: ProgressRecordedV1): ReadingProgressReadModel | null {
  const { user_id, book_id, chapter_id, position } = event.data;
  const key = `b${book_id}`;
  const entry = current?.books[key];
  if (entry && entry.read_at > event.occurredAt) return null;
  if (entry && entry.read_at === event.occurredAt && entry.chapter_id === chapter_id && entry.position === position) return null;
  return { _id: user_id, books: { ...current?.books, [key]: { book_id, chapter_id, position, read_at: event.occurredAt } } };
}

/**
 * The reader's chapters read in the book after the event, and the text of each as they read it; null when the event
 * changes neither (the chapter already among them, its text already the one recorded).
 */
export function reduceBookProgress(current: BookProgressReadModel | null, event: ProgressRecordedV1 | ChapterTextReadV1): BookProgressReadModel | null {
  const { user_id, book_id, chapter_id } = event.data;
  const read = current?.chapters_read ?? [];
  const textHash = 'text_hash' in event.data ? event.data.text_hash : undefined;
  const key = `c${chapter_id}`;
  const newText = textHash !== undefined && current?.texts_read?.[key] !== textHash;
  if (read.includes(chapter_id) && !newText) return null;
  const texts_read = newText ? { ...current?.texts_read, [key]: textHash } : current?.texts_read;
  return {
    _id: bookProgressId(user_id, book_id),
    user_id,
    book_id,
    chapters_read: read.includes(chapter_id) ? read : [...read, chapter_id].sort((a, b) => a - b),
    ...(texts_read && { texts_read }),
  };
}

export const bookProgressId = (userId: string, bookId: number): string => `${userId}:${bookId}`;
