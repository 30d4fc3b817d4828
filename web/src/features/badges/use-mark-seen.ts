import type { QueryKey } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { userAtom } from '../../shared/state/session.atoms';
import { setBadgeCounts } from './queries';

/**
 * Once `ready` (the page's list and its notice count have loaded), calls `mark` once for this visit, then shows the
 * badge at 0 and lets the cached lists (`listKey`) be fetched afresh on the next visit, while this one keeps its
 * highlights. A new `round` (the page took in news that came while it was open) marks once more when ready again. A
 * failure is only logged.
 */
export function useMarkSeen(ready: boolean, mark: () => Promise<unknown>, badge: 'unreadReplies' | 'uncheckedUpdates', listKey: QueryKey, round = 0): void {
  const queryClient = useQueryClient();
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  const marked = useRef<number | null>(null);
  const { mutate } = useMutation({
    networkMode: 'always',
    mutationFn: (_reader: string) => mark(),
    onSuccess: (_answer, reader) => {
      setBadgeCounts(queryClient, reader, { [badge]: 0 });
      void queryClient.invalidateQueries({ queryKey: listKey, refetchType: 'none' });
    },
    onError: (error) => console.error(error),
  });
  useEffect(() => {
    if (!ready || marked.current === round || userId === null) return;
    marked.current = round;
    mutate(userId);
  }, [ready, userId, mutate, round]);
}
