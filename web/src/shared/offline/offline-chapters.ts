/** The cache the chapters saved for offline reading are kept in, by their API address. */
export const OFFLINE_CHAPTERS_CACHE = 'offline-chapters-v1';

/** How many chapters ahead of the reader's place are kept of each story on the Reading shelf. */
export const CHAPTERS_KEPT_AHEAD = 5;

/** A chapter page's path in the API (GET /api/{bookIDSlug}/{chapterID}), as the chapter page asks for it. */
export const chapterApiPath = (bookIDSlug: string, chapterId: number | string): string =>
  `/${encodeURIComponent(bookIDSlug)}/${encodeURIComponent(String(chapterId))}`;

/** A chapter page's API address, under which its saved copy is kept. */
export const chapterPageUrl = (bookIDSlug: string, chapterId: number | string): string => `/api${chapterApiPath(bookIDSlug, chapterId)}`;

/** Whether a path is a chapter page's API address. */
export const isChapterPageUrl = (path: string): boolean => /^\/api\/[^/]+\/[1-9]\d{0,9}$/.test(path) && !path.startsWith('/api/user/');

/**
 * The chapters to keep of one story, in its order: the reader's chapter and the CHAPTERS_KEPT_AHEAD after it; the first
 * CHAPTERS_KEPT_AHEAD when they have not begun (or their chapter is gone).
 */
export function chaptersToKeep(chapterIds: readonly number[], readerChapterId: number | null): number[] {
  const at = readerChapterId === null ? -1 : chapterIds.indexOf(readerChapterId);
  return at < 0 ? chapterIds.slice(0, CHAPTERS_KEPT_AHEAD) : chapterIds.slice(at, at + 1 + CHAPTERS_KEPT_AHEAD);
}
