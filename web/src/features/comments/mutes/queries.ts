import type { MuteRelation, MutesResponse } from '@shelf/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../../shared/state/session.atoms';
import { commentKeys, type ThreadPages } from '../queries';
import { fetchMutes, muteReader, unmuteReader } from './api';
import { muteSets, withRelation } from './mute-relations';

export const mutesKeys = {
  lists: (userId: string) => ['mutes', userId] as const,
};

/** The signed-in reader's muted and blocked readers (fetched once `wanted`). */
export function useMutes(wanted = true) {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  return useQuery({ queryKey: mutesKeys.lists(userId ?? ''), queryFn: ({ signal }) => fetchMutes(signal), enabled: userId !== null && wanted });
}

/** Every cached comment list folds (or unfolds) its comments as the new lists say, at once. */
function refoldComments(queryClient: QueryClient, lists: MutesResponse): void {
  const sets = muteSets(lists);
  for (const [key, data] of queryClient.getQueriesData<ThreadPages>({ queryKey: commentKeys.all })) {
    if (!data?.pages) continue;
    queryClient.setQueryData<ThreadPages>(key, { ...data, pages: data.pages.map((page) => ({ ...page, comments: page.comments.map((comment) => withRelation(comment, sets)) })) });
  }
}

export interface MuteChange {
  userId: string;
  relation: MuteRelation;
  /** True to mute or block, false to undo it. */
  on: boolean;
}

/** Mutes, blocks or undoes either; the answer (the lists after it) is kept, and the comments shown fold at once. */
export function useMuteChange() {
  const queryClient = useQueryClient();
  const userId = useAtomValue(userAtom)?.user_id ?? '';
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ userId: target, relation, on }: MuteChange) => (on ? muteReader(target, relation) : unmuteReader(target, relation)),
    onSuccess: (lists) => {
      queryClient.setQueryData(mutesKeys.lists(userId), lists);
      refoldComments(queryClient, lists);
    },
  });
}
