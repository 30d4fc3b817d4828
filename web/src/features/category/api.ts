import type { BookPageListResponse, Category } from '@shelf/contracts';
import { getJson } from '../../shared/api/api-client';

/** GET /api/{category}/{value}?pageNum; the value is one path segment (Danmei/BL is sent as Danmei%2FBL). */
export const fetchCategoryPage = (category: Category, value: string, page: number, signal?: AbortSignal): Promise<BookPageListResponse> =>
  getJson<BookPageListResponse>(`/${category}/${encodeURIComponent(value)}?pageNum=${page}`, { signal });
