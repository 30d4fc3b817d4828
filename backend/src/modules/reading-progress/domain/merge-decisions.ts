import type { BookPosition } from '@shelf/contracts';

/** A visitor's position kept in their browser, with when they were there. */
export type VisitorPosition = BookPosition;

/**
 * Of the positions a visitor kept before logging in, those to record on the account: the newest per book, and only
 * where the account has no position in that book or an older one.
 */
export function positionsToMerge(visitor: readonly VisitorPosition[], account: Readonly<Record<string, BookPosition>>): VisitorPosition[] {
  const newest = new Map<number, VisitorPosition>();
  for (const entry of visitor) {
    const kept = newest.get(entry.book_id);
    if (!kept || kept.read_at < entry.read_at) newest.set(entry.book_id, entry);
  }
  return [...newest.values()].filter((entry) => {
    const known = account[`b${entry.book_id}`];
    return !known || Date.parse(known.read_at) < Date.parse(entry.read_at);
  });
}
