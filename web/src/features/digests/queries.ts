import type { DigestChoicesResponse, DigestFrequency, DigestKind } from '@shelf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../shared/state/session.atoms';
import { chooseDigest, fetchDigestChoices } from './api';

export const digestKeys = {
  choices: (userId: string) => ['digest-choices', userId] as const,
};

/** The browser's IANA time zone: digests go out at the reader's local morning. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The signed-in reader's digest choices. */
export function useDigestChoices() {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  return useQuery({ queryKey: digestKeys.choices(userId ?? ''), queryFn: ({ signal }) => fetchDigestChoices(signal), enabled: userId !== null });
}

/** Chooses one kind's frequency; the answer is the reader's choices after it, shown at once. */
export function useChooseDigest() {
  const queryClient = useQueryClient();
  const userId = useAtomValue(userAtom)?.user_id ?? '';
  return useMutation({
    mutationFn: ({ kind, frequency }: { kind: DigestKind; frequency: DigestFrequency }) => chooseDigest(kind, frequency, browserTimeZone()),
    onSuccess: (answer: DigestChoicesResponse) => queryClient.setQueryData(digestKeys.choices(userId), answer),
  });
}
