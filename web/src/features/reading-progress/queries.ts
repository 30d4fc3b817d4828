import { type BookPosition, type BookProgressResponse, CONTINUE_READING_LIMIT, type ContinueReadingItem } from '@shelf/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo, useSyncExternalStore } from 'react';
import { userAtom } from '../../shared/state/session.atoms';
import { fetchBookProgress, fetchContinueReading } from './api';
import { byNewestRead, parseLocalProgress, storedLocalProgress } from './local-progress';

export const progressKeys = {
  all: ['reading-progress'] as const,
  book: (userId: string, bookId: number) => [...progressKeys.all, userId, 'book', bookId] as const,
  recent: (userId: string) => [...progressKeys.all, userId, 'recent'] as const,
};

/** Changes to the visitor's local progress, in this tab (LOCAL_PROGRESS_EVENT) and in others (storage). */
export const LOCAL_PROGRESS_EVENT = 'reading-progress-saved';
function subscribeLocal(onChange: () => void): () => void {
  window.addEventListener(LOCAL_PROGRESS_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(LOCAL_PROGRESS_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}
/** This browser's progress; none on the server and while a server-rendered page hydrates. */
function useLocalProgress() {
  const stored = useSyncExternalStore(subscribeLocal, storedLocalProgress, () => '{}');
  return useMemo(() => parseLocalProgress(stored), [stored]);
}

/**
 * Where the reader stopped in the book and the chapters they read: the account's when logged in, this browser's
 * otherwise; and, for an account, the chapters read whose text was revised since.
 */
export function useBookProgress(bookId: number): { progress: BookPosition | null; chaptersRead: number[]; chaptersRevised: number[] } {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  const local = useLocalProgress()[`b${bookId}`];
  const remote = useQuery({
    queryKey: progressKeys.book(userId ?? '', bookId),
    queryFn: ({ signal }): Promise<BookProgressResponse> => fetchBookProgress(bookId, signal),
    enabled: userId !== null,
    refetchOnMount: 'always',
  });
  if (userId === null) return { progress: local ?? null, chaptersRead: local?.chapters_read ?? [], chaptersRevised: [] };
  return { progress: remote.data?.progress ?? null, chaptersRead: remote.data?.chapters_read ?? [], chaptersRevised: remote.data?.chapters_revised ?? [] };
}

/**
 * The books the reader read last, newest first; `settled` once they are known (an account's, answered); `account`
 * when they are a logged-in reader's.
 */
export function useContinueReading(): { books: ContinueReadingItem[]; settled: boolean; account: boolean } {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  const local = useLocalProgress();
  const remote = useQuery({
    queryKey: progressKeys.recent(userId ?? ''),
    queryFn: ({ signal }) => fetchContinueReading(signal),
    enabled: userId !== null,
    refetchOnMount: 'always',
  });
  if (userId === null) return { books: Object.values(local).sort(byNewestRead).slice(0, CONTINUE_READING_LIMIT), settled: true, account: false };
  return { books: remote.data?.books ?? [], settled: !remote.isPending, account: true };
}
