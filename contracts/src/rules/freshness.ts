/** NEW and UPDATES badges: under 2 days since the book's last update. */
export const BOOK_FRESH_MS = 172_800_000;
/** A chapter's New badge: under 20 days since upload. */
export const CHAPTER_NEW_MS = 1_728_000_000;

const age = (time: string | Date, now: Date) => now.getTime() - new Date(time).getTime();

export const isBookFresh = (lastUpdated: string | Date, now: Date = new Date()): boolean => age(lastUpdated, now) < BOOK_FRESH_MS;

export const isChapterNew = (uploadedTime: string | Date, now: Date = new Date()): boolean => age(uploadedTime, now) < CHAPTER_NEW_MS;

/** A book card's freshness badges: under 2 days, 'NEW!' and then 'COMPLETE!' for a completed book or 'UPDATES!'; none later. */
export function freshnessBadges(book: { last_updated: string; completion_statuses: string }, now: Date = new Date()): string[] {
  if (!isBookFresh(book.last_updated, now)) return [];
  return ['NEW!', book.completion_statuses === 'Completed' ? 'COMPLETE!' : 'UPDATES!'];
}
