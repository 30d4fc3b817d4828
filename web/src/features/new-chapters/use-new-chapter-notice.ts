import { type ChapterPublishedPush, LivePush } from '@shelf/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLiveBook, useLiveEvent, useLiveReconnect } from '../../shared/live/live-context';
import { refreshBookChapters } from './queries';

/**
 * Follows the book's new chapters while mounted: a push for this book becomes the notice (the latest one shown) and
 * refreshes the chapter lists (see refreshBookChapters). After a reconnect the lists are refetched, since a push may
 * have been missed meanwhile.
 */
export function useNewChapterNotice(bookId: number): { notice: ChapterPublishedPush | null; dismiss: () => void } {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<ChapterPublishedPush | null>(null);
  useLiveBook(bookId);
  useLiveEvent(LivePush.ChapterPublished, (push) => {
    if (push.book_id !== bookId) return;
    setNotice(push);
    void refreshBookChapters(queryClient, bookId, push.chapter_id);
  });
  useLiveReconnect(() => void refreshBookChapters(queryClient, bookId, null));
  const dismiss = useCallback(() => setNotice(null), []);
  return { notice, dismiss };
}
