import type { ChapterPageResponse } from '@shelf/contracts';
import { getJson } from '../../shared/api/api-client';

/**
 * GET /api/{bookIDSlug}/{chapterID}: the chapter, its book's chapter list, the book and the next book. Checked with the
 * server each time, as the story page is (see fetchBookPage), so a new chapter's push brings the new list.
 */
export const fetchChapterPage = (bookIDSlug: string, chapterID: string, signal?: AbortSignal): Promise<ChapterPageResponse> =>
  getJson<ChapterPageResponse>(`/${encodeURIComponent(bookIDSlug)}/${encodeURIComponent(chapterID)}`, { signal, cache: 'no-cache' });
