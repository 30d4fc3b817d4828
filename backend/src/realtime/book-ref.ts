import type { BookRef } from '@shelf/contracts';

export type BookRefCheck = { ok: true; book: BookRef } | { ok: false; message: string };

const isPositiveInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** Reads a BookRef a client sent (LiveRequest.BookJoin / BookLeave); anything else gets the reason, never an exception. */
export function parseBookRef(input: unknown): BookRefCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, message: 'A book is an object with book_id.' };
  const { book_id } = input as Record<string, unknown>;
  if (!isPositiveInteger(book_id)) return { ok: false, message: 'book_id must be a positive integer.' };
  return { ok: true, book: { book_id } };
}
