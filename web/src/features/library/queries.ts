import type { Shelf, ShelfResponse } from '@shelf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../shared/state/session.atoms';
import { chooseShelf, fetchLibrary, fetchShelf } from './api';

export const libraryKeys = {
  all: ['library'] as const,
  library: (userId: string) => [...libraryKeys.all, userId] as const,
  shelf: (userId: string, bookId: number) => [...libraryKeys.all, userId, 'shelf', bookId] as const,
};

/** The reader's shelves and their stories. */
export function useLibrary() {
  const userId = useAtomValue(userAtom)?.user_id ?? '';
  return useQuery({ queryKey: libraryKeys.library(userId), queryFn: ({ signal }) => fetchLibrary(signal), refetchOnMount: 'always' });
}

/** The shelf a story is on (logged-in readers only). */
export function useShelf(bookId: number) {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  return useQuery({
    queryKey: libraryKeys.shelf(userId ?? '', bookId),
    queryFn: ({ signal }) => fetchShelf(bookId, signal),
    enabled: userId !== null,
    refetchOnMount: 'always',
  });
}

/** Puts the story on a shelf (null: off its shelf); the choice shows at once, and the Library page refetches. */
export function useChooseShelf(bookId: number) {
  const queryClient = useQueryClient();
  const userId = useAtomValue(userAtom)?.user_id ?? '';
  return useMutation({
    networkMode: 'always',
    mutationFn: (shelf: Shelf | null) => chooseShelf(bookId, shelf),
    onMutate: (shelf) => queryClient.setQueryData<ShelfResponse>(libraryKeys.shelf(userId, bookId), { shelf }),
    onSuccess: (answer) => queryClient.setQueryData(libraryKeys.shelf(userId, bookId), answer),
    onError: () => queryClient.invalidateQueries({ queryKey: libraryKeys.shelf(userId, bookId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.library(userId) }),
  });
}
