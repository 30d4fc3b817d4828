import { type BadgeCounts, LivePush, type UncheckedUpdatesResponse, type UnreadCountResponse } from '@shelf/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useLiveEvent, useLiveReconnect } from '../../shared/live/live-context';
import { userAtom } from '../../shared/state/session.atoms';
import { fetchUncheckedCount, fetchUnreadCount } from './api';

export const badgeKeys = {
  all: ['badges'] as const,
  unreadReplies: (userId: string) => [...badgeKeys.all, 'unread-replies', userId] as const,
  uncheckedUpdates: (userId: string) => [...badgeKeys.all, 'unchecked-updates', userId] as const,
};

/** Writes new counts into the badge queries (live pushes, and the lists once they mark everything seen). */
export function setBadgeCounts(queryClient: QueryClient, userId: string, counts: Partial<BadgeCounts>): void {
  if (counts.unreadReplies !== undefined) {
    queryClient.setQueryData<UnreadCountResponse>(badgeKeys.unreadReplies(userId), { unreadCount: counts.unreadReplies });
  }
  if (counts.uncheckedUpdates !== undefined) {
    queryClient.setQueryData<UncheckedUpdatesResponse>(badgeKeys.uncheckedUpdates(userId), { uncheckedUpdatesCount: counts.uncheckedUpdates });
  }
}

/**
 * The header's badge counts, fetched for logged-in readers only (0 otherwise). A failure is only logged.
 * The live channel keeps them current afterwards; after it reconnects they are fetched again.
 */
export function useBadgeCounts(): BadgeCounts {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  const queryClient = useQueryClient();
  useLiveEvent(LivePush.BadgesChanged, (counts) => {
    if (userId !== null) setBadgeCounts(queryClient, userId, counts);
  });
  useLiveReconnect(() => void queryClient.invalidateQueries({ queryKey: badgeKeys.all }));
  const unread = useQuery({
    queryKey: badgeKeys.unreadReplies(userId ?? ''),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled: userId !== null,
  });
  const unchecked = useQuery({
    queryKey: badgeKeys.uncheckedUpdates(userId ?? ''),
    queryFn: ({ signal }) => fetchUncheckedCount(signal),
    enabled: userId !== null,
  });
  useEffect(() => {
    if (unread.error) console.error(unread.error);
  }, [unread.error]);
  useEffect(() => {
    if (unchecked.error) console.error(unchecked.error);
  }, [unchecked.error]);
  if (userId === null) return { unreadReplies: 0, uncheckedUpdates: 0 };
  return { unreadReplies: unread.data?.unreadCount ?? 0, uncheckedUpdates: unchecked.data?.uncheckedUpdatesCount ?? 0 };
}
