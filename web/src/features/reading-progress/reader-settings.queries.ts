import type { ReaderSettings } from '@shelf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { ApiError } from '../../shared/api/api-client';
import { userAtom } from '../../shared/state/session.atoms';
import { chooseTitleForm, fetchReaderSettings, type ReaderSwitches, saveReaderSwitches, type TitleFormChoice } from './api';

export const readerSettingsKeys = {
  all: ['reader-settings'] as const,
  of: (userId: string) => [...readerSettingsKeys.all, userId] as const,
};

/** Where the last settings the API answered are kept in this browser, for reading saved chapters offline. */
export const KEPT_SETTINGS_KEY = 'readerSettings';

function keep(userId: string, settings: ReaderSettings): void {
  try {
    localStorage.setItem(KEPT_SETTINGS_KEY, JSON.stringify({ user_id: userId, settings }));
  } catch {
    // Storage full or refused: offline, the defaults apply.
  }
}

function kept(userId: string): ReaderSettings | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(KEPT_SETTINGS_KEY) ?? 'null') as { user_id?: unknown; settings?: ReaderSettings } | null;
    return stored?.user_id === userId && Array.isArray(stored.settings?.title_forms) ? stored.settings : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The signed-in reader's settings kept on their account. When the API cannot be reached (offline, reading a saved
 * chapter), the last answer this browser kept for the same reader; an answer of the API (a refusal) is never replaced.
 * Not `enabled`: not fetched (a chapter without a glossary needs none).
 */
export function useReaderSettings({ enabled = true }: { enabled?: boolean } = {}) {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  return useQuery({
    queryKey: readerSettingsKeys.of(userId ?? ''),
    queryFn: async ({ signal }) => {
      try {
        const settings = await fetchReaderSettings(signal);
        keep(userId!, settings);
        return settings;
      } catch (error) {
        const last = error instanceof ApiError ? undefined : kept(userId!);
        if (last) return last;
        throw error;
      }
    },
    enabled: enabled && userId !== null,
  });
}

/** Saving a change of the settings: the answer (the settings after it) replaces the kept ones. */
function useSettingsMutation<Change>(send: (change: Change) => Promise<ReaderSettings>) {
  const userId = useAtomValue(userAtom)?.user_id ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (settings) => {
      keep(userId, settings);
      queryClient.setQueryData(readerSettingsKeys.of(userId), settings);
    },
  });
}

/** Turns some of the reader's switches (spoiler fold, glossary marks) on or off. */
export const useSaveReaderSwitches = () => useSettingsMutation<ReaderSwitches>(saveReaderSwitches);

/** Chooses the form the reader reads a glossary title in, everywhere. */
export const useChooseTitleForm = () => useSettingsMutation<TitleFormChoice>(chooseTitleForm);
