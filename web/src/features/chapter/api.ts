import type { ChapterPageResponse } from '@shelf/contracts';
import { getJson } from '../../shared/api/api-client';
import { chapterApiPath } from '../../shared/offline/offline-chapters';

/**
 * GET /api/{bookIDSlug}/{chapterID}: the chapter, its book's chapter list, the book and the next book. Checked with the
 * server each time, as the story page is (see fetchBookPage), so a new chapter's push brings the new list. Offline, the
 * service worker answers it from the copy saved for offline reading, if there is one (shared/offline).
 */
export const fetchChapterPage = (bookIDSlug: string, chapterID: string, signal?: AbortSignal): Promise<ChapterPageResponse> =>
  getJson<ChapterPageResponse>(chapterApiPath(bookIDSlug, chapterID), { signal, cache: 'no-cache' });
