import { LivePush } from '@shelf/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvent, useLiveOperatorsRoom, useLiveReconnect } from '../../shared/live/live-context';
import { operatorKeys } from './queries';

/** Pushes this close together (a burst of reports) cause one refetch. */
export const LIVE_REFETCH_DELAY_MS = 250;

/**
 * Keeps the moderation queue current: the page follows the operators' room, and each LivePush.ModerationChanged push
 * (a report, another operator's decision) fetches the queue and that comment's context again, so new reports appear
 * without reloading. After a reconnect, when pushes may have been missed, the queue is fetched again too.
 */
export function useLiveModerationQueue(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const changed = useRef(new Set<string>());
  useLiveOperatorsRoom();
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const refetchSoon = (commentId: string | null) => {
    if (commentId) changed.current.add(commentId);
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: operatorKeys.queues() });
      for (const id of changed.current) void queryClient.invalidateQueries({ queryKey: operatorKeys.context(id) });
      changed.current.clear();
    }, LIVE_REFETCH_DELAY_MS);
  };
  useLiveEvent(LivePush.ModerationChanged, ({ comment_id }) => refetchSoon(comment_id));
  useLiveReconnect(() => refetchSoon(null));
}
