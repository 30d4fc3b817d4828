import type { BookPageResponse } from '@shelf/contracts';
import { getJson } from '../../shared/api/api-client';

export const fetchBookPage = (bookIdSlug: string, signal?: AbortSignal): Promise<BookPageResponse> =>
  getJson<BookPageResponse>(`/${encodeURIComponent(bookIdSlug)}`, { signal });
