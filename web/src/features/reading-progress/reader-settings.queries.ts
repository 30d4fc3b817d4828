import type { ReaderSettings } from '@shelf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../shared/state/session.atoms';
import { fetchReaderSettings, saveReaderSettings } from './api';

export const readerSettingsKeys = {
  all: ['reader-settings'] as const,
  of: (userId: string) => [...readerSettingsKeys.all, userId] as const,
};

/** The signed-in reader's settings kept on their account. */
export function useReaderSettings() {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  return useQuery({ queryKey: readerSettingsKeys.of(userId ?? ''), queryFn: ({ signal }) => fetchReaderSettings(signal), enabled: userId !== null });
}

/** Saves the reader's settings; the answer (the settings after the change) replaces the kept ones. */
export function useSaveReaderSettings() {
  const userId = useAtomValue(userAtom)?.user_id ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReaderSettings) => saveReaderSettings(settings),
    onSuccess: (settings) => queryClient.setQueryData(readerSettingsKeys.of(userId), settings),
  });
}
