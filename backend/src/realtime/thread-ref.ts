import type { ThreadRef } from '@shelf/contracts';

export type ThreadRefCheck = { ok: true; thread: ThreadRef } | { ok: false; message: string };

const isPositiveInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** Reads a ThreadRef a client sent; anything else gets the reason, never an exception. */
export function parseThreadRef(input: unknown): ThreadRefCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, message: 'A thread is an object with book_id and chapter_id.' };
  }
  const { book_id, chapter_id } = input as Record<string, unknown>;
  if (!isPositiveInteger(book_id)) return { ok: false, message: 'book_id must be a positive integer.' };
  if (chapter_id !== null && !isPositiveInteger(chapter_id)) {
    return { ok: false, message: 'chapter_id must be a positive integer, or null for a book-level thread.' };
  }
  return { ok: true, thread: { book_id, chapter_id } };
}
