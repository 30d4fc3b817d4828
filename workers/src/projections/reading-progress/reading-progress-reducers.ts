import type { BookProgressReadModel, ProgressRecordedV1, ReadingProgressReadModel } from '@shelf/contracts';

/** The reader's progress document after the event, or null when it changes nothing (the book's entry is newer or the same). */
export function reduceReadingProgress(current: ReadingProgressReadModel | null, event: ProgressRecordedV1): ReadingProgressReadModel | null {
  const { user_id, book_id, chapter_id, position } = event.data;
  const key = `b${book_id}`;
  const entry = current?.books[key];
  if (entry && entry.read_at > event.occurredAt) return null;
  if (entry && entry.read_at === event.occurredAt && entry.chapter_id === chapter_id && entry.position === position) return null;
  return { _id: user_id, books: { ...current?.books, [key]: { book_id, chapter_id, position, read_at: event.occurredAt } } };
}

/** The reader's chapters read in the book after the event, or null when the chapter was already among them. */
export function reduceBookProgress(current: BookProgressReadModel | null, event: ProgressRecordedV1): BookProgressReadModel | null {
  const { user_id, book_id, chapter_id } = event.data;
  const read = current?.chapters_read ?? [];
  if (read.includes(chapter_id)) return null;
  return { _id: bookProgressId(user_id, book_id), user_id, book_id, chapters_read: [...read, chapter_id].sort((a, b) => a - b) };
}

export const bookProgressId = (userId: string, bookId: number): string => `${userId}:${bookId}`;
