import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../shared/state/session.atoms';
import { fetchLikeStatus } from './api';

export const likeKeys = {
  all: ['like-status'] as const,
  /** Per reader: a visitor's view has no isLiked of their own. */
  status: (bookId: number, userId: string | null) => [...likeKeys.all, bookId, userId ?? 'visitor'] as const,
};

/** The story's like status; refetched on every mount, never on window focus. */
export function useLikeStatus(bookId: number) {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  return useQuery({
    queryKey: likeKeys.status(bookId, userId),
    queryFn: ({ signal }) => fetchLikeStatus(bookId, userId !== null, signal),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
}
