import type { CommentSort, CommentsWithLikesResponse, CommentView, ThreadRef } from '@shelf/contracts';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../shared/state/session.atoms';
import { fetchComments } from './api';

export const commentKeys = {
  all: ['comments'] as const,
  /** Every cached list of one thread (any sort, any reader). */
  thread: ({ book_id, chapter_id }: ThreadRef) => [...commentKeys.all, book_id, chapter_id] as const,
  list: (thread: ThreadRef, criteria: CommentSort, userId: string | null) => [...commentKeys.thread(thread), criteria, userId ?? 'visitor'] as const,
};

/**
 * A thread's comments in the chosen order. The previous list stays on screen while another order loads, so open
 * reply and edit panels keep what the reader typed.
 */
export function useComments(thread: ThreadRef, criteria: CommentSort) {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  return useQuery({
    queryKey: commentKeys.list(thread, criteria, userId),
    queryFn: ({ signal }) => fetchComments(thread, criteria, userId !== null, signal),
    placeholderData: keepPreviousData,
  });
}

/** Changes every cached list of the thread with `change` (live pushes, local edits, likes). */
export function patchThread(
  queryClient: QueryClient,
  thread: ThreadRef,
  change: (data: CommentsWithLikesResponse, criteria: CommentSort) => CommentsWithLikesResponse,
): void {
  for (const [key, data] of queryClient.getQueriesData<CommentsWithLikesResponse>({ queryKey: commentKeys.thread(thread) })) {
    if (data) queryClient.setQueryData(key, change(data, key[3] as CommentSort));
  }
}

/** Puts `comment` in the list: in place when it is there, else where its order wants a new comment. */
export function upsertComment(data: CommentsWithLikesResponse, comment: CommentView, criteria: CommentSort): CommentsWithLikesResponse {
  const index = data.comments.findIndex((entry) => entry.comment_id === comment.comment_id);
  if (index >= 0) return { ...data, comments: data.comments.map((entry, at) => (at === index ? comment : entry)) };
  // The newest order starts with the newest; in the other two a new comment (no likes yet) goes last.
  return { ...data, comments: criteria === 'newest' ? [comment, ...data.comments] : [...data.comments, comment] };
}

/** Changes one comment of the list, if it is there. */
export function updateComment(data: CommentsWithLikesResponse, commentId: string, change: (comment: CommentView) => CommentView): CommentsWithLikesResponse {
  if (!data.comments.some((entry) => entry.comment_id === commentId)) return data;
  return { ...data, comments: data.comments.map((entry) => (entry.comment_id === commentId ? change(entry) : entry)) };
}

/**
 * The reader changed their name: their comments in every cached list show the new one at once, and the lists are
 * fetched afresh when next shown (the server names authors as they are called now).
 */
export function renameAuthorInCache(queryClient: QueryClient, userId: string, username: string): void {
  for (const [key, data] of queryClient.getQueriesData<CommentsWithLikesResponse>({ queryKey: commentKeys.all })) {
    if (!data?.comments.some((comment) => comment.user_id === userId)) continue;
    queryClient.setQueryData(key, { ...data, comments: data.comments.map((comment) => (comment.user_id === userId ? { ...comment, username } : comment)) });
  }
  void queryClient.invalidateQueries({ queryKey: commentKeys.all, refetchType: 'none' });
}
