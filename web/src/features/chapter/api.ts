import type { ChapterPageResponse } from '@shelf/contracts';
import { getJson } from '../../shared/api/api-client';

/** GET /api/{bookIDSlug}/{chapterID}: the chapter, its book's chapter list, the book and the next book. */
export const fetchChapterPage = (bookIDSlug: string, chapterID: string, signal?: AbortSignal): Promise<ChapterPageResponse> =>
  getJson<ChapterPageResponse>(`/${encodeURIComponent(bookIDSlug)}/${encodeURIComponent(chapterID)}`, { signal });
