import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { fetchUnreadCount } from '../badges';
import { userAtom } from '../../shared/state/session.atoms';
import { fetchReplies } from './api';

export const replyKeys = {
  all: ['replies'] as const,
  page: (userId: string, page: number) => [...replyKeys.all, userId, page] as const,
  /** The count for the page's line: its own query, so the badge going to 0 after marking leaves the line be. */
  unread: (userId: string) => [...replyKeys.all, userId, 'unread'] as const,
};

/**
 * A page of the reader's replies, fetched afresh on every visit (a list kept from an earlier one would not show the
 * replies the badge counts now); the cached one shows meanwhile.
 */
export function useReplies(page: number) {
  const userId = useAtomValue(userAtom)?.user_id ?? '';
  return useQuery({ queryKey: replyKeys.page(userId, page), queryFn: ({ signal }) => fetchReplies(page, signal), staleTime: 0 });
}

/** Unread replies on arrival: fetched afresh on every visit, before they are marked read. */
export function useUnreadOnArrival() {
  const userId = useAtomValue(userAtom)?.user_id ?? '';
  return useQuery({ queryKey: replyKeys.unread(userId), queryFn: ({ signal }) => fetchUnreadCount(signal), staleTime: 0, gcTime: 0 });
}
