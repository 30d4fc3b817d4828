import type { SearchPresetsResponse, SearchResponse } from '@shelf/contracts';
import { deleteJson, getJson, putJson } from '../../shared/api/api-client';
import { apiQueryOf, type SearchFilters } from './search-filters';

/** A search; with `hideRead` (a signed-in reader only) the reader's own opened and shelved stories are left out. */
export const fetchSearch = (filters: SearchFilters, page: number, hideRead: boolean, signal?: AbortSignal): Promise<SearchResponse> =>
  getJson<SearchResponse>(`/${hideRead ? 'user/' : ''}searchbook?${apiQueryOf(filters, page)}`, { signal });

export const fetchSearchPresets = (signal?: AbortSignal): Promise<SearchPresetsResponse> => getJson<SearchPresetsResponse>('/user/search-presets', { signal });

export const saveSearchPreset = (name: string, query: string): Promise<SearchPresetsResponse> =>
  putJson<SearchPresetsResponse>('/user/search-presets', { name, query });

export const deleteSearchPreset = (name: string): Promise<SearchPresetsResponse> =>
  deleteJson<SearchPresetsResponse>(`/user/search-presets?name=${encodeURIComponent(name)}`);
