import type { ReadingFeedResponse } from '@shelf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../shared/state/session.atoms';
import { fetchReadingFeed, makeReadingFeed, turnOffReadingFeed } from './api';

export const feedKeys = {
  reading: (userId: string) => ['reading-feed', userId] as const,
};

/** The signed-in reader's Reading-shelf feed address. */
export function useReadingFeed() {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  return useQuery({ queryKey: feedKeys.reading(userId ?? ''), queryFn: ({ signal }) => fetchReadingFeed(signal), enabled: userId !== null });
}

/** Makes the address anew or turns it off; the answer is the reader's address after it, shown at once. */
export function useReadingFeedChanges() {
  const queryClient = useQueryClient();
  const userId = useAtomValue(userAtom)?.user_id ?? '';
  const settle = { onSuccess: (answer: ReadingFeedResponse) => queryClient.setQueryData(feedKeys.reading(userId), answer) };
  return {
    make: useMutation({ mutationFn: makeReadingFeed, ...settle }),
    turnOff: useMutation({ mutationFn: turnOffReadingFeed, ...settle }),
  };
}
