import type { BookPageResponse } from '@shelf/contracts';
import { getJson } from '../../shared/api/api-client';

/**
 * GET /api/{bookIDSlug}. Checked with the server each time (its ETag makes an unchanged answer a 304): the browser's
 * HTTP cache would otherwise answer a refetch on a new chapter's push from its copy for up to 30 s.
 */
export const fetchBookPage = (bookIdSlug: string, signal?: AbortSignal): Promise<BookPageResponse> =>
  getJson<BookPageResponse>(`/${encodeURIComponent(bookIdSlug)}`, { signal, cache: 'no-cache' });
