import type { SearchResponse } from '@shelf/contracts';
import { getJson } from '../../shared/api/api-client';
import { apiQueryOf, type SearchFilters } from './search-filters';

export const fetchSearch = (filters: SearchFilters, page: number, signal?: AbortSignal): Promise<SearchResponse> =>
  getJson<SearchResponse>(`/searchbook?${apiQueryOf(filters, page)}`, { signal });
