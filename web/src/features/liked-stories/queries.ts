import type { LikedStorySort } from '@shelf/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { fetchUncheckedCount } from '../badges';
import { userAtom } from '../../shared/state/session.atoms';
import { fetchLikedStories } from './api';

export const likedStoryKeys = {
  all: ['liked-stories'] as const,
  page: (userId: string, page: number, sort: LikedStorySort) => [...likedStoryKeys.all, userId, sort, page] as const,
  /** The count for the page's notice: its own query, so the badge going to 0 after marking leaves the notice be. */
  notice: (userId: string) => [...likedStoryKeys.all, userId, 'notice'] as const,
};

export function useLikedStories(page: number, sort: LikedStorySort) {
  const userId = useAtomValue(userAtom)?.user_id ?? '';
  return useQuery({ queryKey: likedStoryKeys.page(userId, page, sort), queryFn: ({ signal }) => fetchLikedStories(page, sort, signal) });
}

/** How many liked books have updates, as on arrival: fetched afresh on every visit, before they are marked checked. */
export function useUpdatesNotice() {
  const userId = useAtomValue(userAtom)?.user_id ?? '';
  return useQuery({ queryKey: likedStoryKeys.notice(userId), queryFn: ({ signal }) => fetchUncheckedCount(signal), staleTime: 0, gcTime: 0 });
}
