import type { SearchPresetsResponse } from '@shelf/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../shared/state/session.atoms';
import { deleteSearchPreset, fetchSearch, fetchSearchPresets, saveSearchPreset } from './api';
import { apiQueryOf, type SearchFilters } from './search-filters';

export const searchKeys = {
  /** `reader` is the signed-in reader whose stories a "hide read" search leaves out, or null. */
  results: (filters: SearchFilters, page: number, reader: string | null) => ['search', apiQueryOf(filters, page), reader] as const,
  presets: (userId: string) => ['search-presets', userId] as const,
};

/** A search; never retried (a retry would only spend the reader's rate limit). "Hide read" needs a signed-in reader. */
export const searchQuery = (filters: SearchFilters, page: number, userId: string | null) => {
  const reader = filters.hide_read ? userId : null;
  return queryOptions({
    queryKey: searchKeys.results(filters, page, reader),
    queryFn: ({ signal }) => fetchSearch(filters, page, reader !== null, signal),
    retry: false,
  });
};

export function useSearch(filters: SearchFilters, page: number) {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  return useQuery(searchQuery(filters, page, userId));
}

/** The signed-in reader's saved searches. */
export function useSearchPresets() {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  return useQuery({ queryKey: searchKeys.presets(userId ?? ''), queryFn: ({ signal }) => fetchSearchPresets(signal), enabled: userId !== null });
}

/** Saves or deletes a saved search; the answer is the reader's saved searches after it. */
export function useSearchPresetChanges() {
  const queryClient = useQueryClient();
  const userId = useAtomValue(userAtom)?.user_id ?? '';
  const settle = { onSuccess: (answer: SearchPresetsResponse) => queryClient.setQueryData(searchKeys.presets(userId), answer) };
  return {
    save: useMutation({ mutationFn: ({ name, query }: { name: string; query: string }) => saveSearchPreset(name, query), ...settle }),
    remove: useMutation({ mutationFn: (name: string) => deleteSearchPreset(name), ...settle }),
  };
}
