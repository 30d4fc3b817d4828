import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchSearch } from './api';
import { apiQueryOf, type SearchFilters } from './search-filters';

export const searchKeys = { results: (filters: SearchFilters, page: number) => ['search', apiQueryOf(filters, page)] as const };

/** A search; never retried (a retry would only spend the reader's rate limit). */
export const searchQuery = (filters: SearchFilters, page: number) =>
  queryOptions({
    queryKey: searchKeys.results(filters, page),
    queryFn: ({ signal }) => fetchSearch(filters, page, signal),
    retry: false,
  });

export const useSearch = (filters: SearchFilters, page: number) => useQuery(searchQuery(filters, page));
