import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { isLoggedInAtom } from '../../shared/state/session.atoms';
import { mergeProgress } from './api';
import { clearLocalProgress, localPositions } from './local-progress';
import { LOCAL_PROGRESS_EVENT, progressKeys } from './queries';

/**
 * When a reader logs in, the places they kept in this browser as a visitor go to their account (where newer than the
 * account's), and the browser forgets them once the account has them.
 */
export function useMergeVisitorProgress() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    networkMode: 'always',
    mutationFn: mergeProgress,
    onSuccess: () => {
      clearLocalProgress();
      window.dispatchEvent(new Event(LOCAL_PROGRESS_EVENT));
      void queryClient.invalidateQueries({ queryKey: progressKeys.all });
    },
  });
  const merging = useRef(false);
  useEffect(() => {
    if (!loggedIn || merging.current) return;
    const entries = localPositions();
    if (entries.length === 0) return;
    merging.current = true;
    mutate(entries, { onSettled: () => (merging.current = false) });
  }, [loggedIn, mutate]);
}
