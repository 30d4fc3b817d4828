import { type CommentPush, LivePush, type ParagraphCountsResponse, threadId } from '@shelf/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/api-client';
import { useLiveEvent, useLiveReconnect, useLiveThread } from '../../../shared/live/live-context';
import { paragraphCountKeys } from '../query-keys';
import type { ParagraphCounts } from './paragraph-button';

/** GET /api/comment/paragraph-counts: per paragraph key of the chapter, its comments shown. */
export const fetchParagraphCounts = (bookId: number, chapterId: number, signal?: AbortSignal) =>
  getJson<ParagraphCountsResponse>(`/comment/paragraph-counts?book_id=${bookId}&chapter_id=${chapterId}`, { signal });

/** The server keeps a rendered page up to a minute: counts it brought that are older are asked for again. */
const COUNTS_FRESH_MS = 60_000;

/**
 * The chapter's paragraph comment counts: those the server-rendered page brought (app/seed-page-data.ts), else fetched,
 * then kept current by the thread's live pushes of paragraph comments. Undefined while not known: a failed fetch (a
 * chapter read offline) leaves the buttons without counts, and says nothing else.
 */
export function useParagraphCounts(bookId: number, chapterId: number): ParagraphCounts {
  const queryKey = paragraphCountKeys.chapter(bookId, chapterId);
  const { data } = useQuery({ queryKey, queryFn: ({ signal }) => fetchParagraphCounts(bookId, chapterId, signal), staleTime: COUNTS_FRESH_MS });

  const queryClient = useQueryClient();
  const thread = { book_id: bookId, chapter_id: chapterId };
  useLiveThread(thread);
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  const onPush = ({ thread: pushed, comment }: CommentPush) => {
    if (comment.paragraph !== undefined && threadId(pushed) === threadId(thread)) refresh();
  };
  // A comment posted, deleted, removed or restored changes its paragraph's count; an edit does not.
  useLiveEvent(LivePush.CommentCreated, onPush);
  useLiveEvent(LivePush.CommentDeleted, onPush);
  useLiveEvent(LivePush.CommentRemoved, onPush);
  useLiveEvent(LivePush.CommentRestored, onPush);
  // Pushes may have been missed while the channel was down.
  useLiveReconnect(refresh);
  return data?.paragraphs;
}
