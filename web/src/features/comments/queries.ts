import type { CommentSort, CommentView, ThreadRef } from '@shelf/contracts';
import { type InfiniteData, keepPreviousData, type QueryClient, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../shared/state/session.atoms';
import { type CommentsPage, fetchComments } from './api';

/** Comments asked for at a time: a thread of up to this many comes whole, a bigger one a page at a time on demand. */
export const COMMENTS_PER_PAGE = 200;

/** A thread's list as cached: the pages loaded so far, in the chosen order. */
export type ThreadPages = InfiniteData<CommentsPage, string | null>;

export const commentKeys = {
  all: ['comments'] as const,
  /** Every cached list of one thread (any sort, any reader, the whole thread or one paragraph's comments). */
  thread: ({ book_id, chapter_id }: ThreadRef) => [...commentKeys.all, book_id, chapter_id] as const,
  /** A list of the thread: its whole (`paragraph` null) or the comments on one paragraph of the chapter. */
  list: (thread: ThreadRef, criteria: CommentSort, userId: string | null, paragraph: string | null = null) =>
    [...commentKeys.thread(thread), criteria, userId ?? 'visitor', paragraph] as const,
};

type ListKey = ReturnType<typeof commentKeys.list>;
const criteriaOf = (key: QueryKey) => (key as ListKey)[3];
const paragraphOf = (key: QueryKey) => (key as ListKey)[5] ?? null;

/** Whether a list of the thread (of its paragraph `paragraph`, or the whole: null) holds `comment`. */
export const listTakes = (paragraph: string | null, comment: CommentView): boolean => paragraph === null || comment.paragraph === paragraph;

/**
 * A thread's comments in the chosen order (with `paragraph`, those on that paragraph), a page at a time
 * (`fetchNextPage` loads the next). The previous list stays on screen while another order loads, so open reply and
 * edit panels keep what the reader typed.
 */
export function useComments(thread: ThreadRef, criteria: CommentSort, paragraph: string | null = null) {
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  return useInfiniteQuery<CommentsPage, Error, ThreadPages, QueryKey, string | null>({
    queryKey: commentKeys.list(thread, criteria, userId, paragraph),
    queryFn: ({ signal, pageParam }) => fetchComments(thread, criteria, userId !== null, { limit: COMMENTS_PER_PAGE, after: pageParam }, paragraph, signal),
    initialPageParam: null,
    getNextPageParam: (page) => page.next_after ?? null,
    placeholderData: keepPreviousData,
  });
}

/**
 * The comments of the pages loaded, in order. A comment two pages hold (one a live push added before the page that
 * has it was loaded, or one whose likes moved it between two loads) is shown where it came last, the newer place.
 */
export function loadedComments(data: ThreadPages): CommentView[] {
  const comments = data.pages.flatMap((page) => page.comments);
  const last = new Map(comments.map((comment, at) => [comment.comment_id, at]));
  return comments.filter((comment, at) => last.get(comment.comment_id) === at);
}

/** The ids of the loaded comments the reader likes. */
export const likedIn = (data: ThreadPages): Set<string> => new Set(data.pages.flatMap((page) => page.likedComments.map((entry) => entry.comment_id)));

/** Whether the thread has comments after those loaded. */
export const hasMore = (data: ThreadPages): boolean => Boolean(data.pages.at(-1)?.next_after);

/**
 * Changes every cached list of the thread with `change` (live pushes, local edits, likes), told the list's order and
 * paragraph (null: the whole thread).
 */
export function patchThread(
  queryClient: QueryClient,
  thread: ThreadRef,
  change: (data: ThreadPages, criteria: CommentSort, paragraph: string | null) => ThreadPages,
): void {
  for (const [key, data] of queryClient.getQueriesData<ThreadPages>({ queryKey: commentKeys.thread(thread) })) {
    if (data) queryClient.setQueryData(key, change(data, criteriaOf(key), paragraphOf(key)));
  }
}

/** The thread's lists on screen that show a comment posted from `paragraph`'s section (null: the whole thread's): the whole thread's and that paragraph's. */
export const listsOf = (queryClient: QueryClient, thread: ThreadRef, paragraph: string | null) =>
  queryClient
    .getQueriesData<ThreadPages>({ queryKey: commentKeys.thread(thread), type: 'active' })
    .filter(([key]) => paragraphOf(key) === null || paragraphOf(key) === paragraph)
    .map(([key, data]) => ({ criteria: criteriaOf(key), data }));

const withPages = (data: ThreadPages, pages: CommentsPage[]): ThreadPages => ({ ...data, pages });

/**
 * Puts `comment` in the list: in place when a loaded page has it, else where its order wants a new comment among those
 * loaded (first in the newest order, last in the others: the page that holds it replaces it when loaded).
 */
export function upsertComment(data: ThreadPages, comment: CommentView, criteria: CommentSort): ThreadPages {
  const updated = updateComment(data, comment.comment_id, () => comment);
  if (updated !== data) return updated;
  const at = criteria === 'newest' ? 0 : data.pages.length - 1;
  return withPages(
    data,
    data.pages.map((page, index) => (index !== at ? page : { ...page, comments: criteria === 'newest' ? [comment, ...page.comments] : [...page.comments, comment] })),
  );
}

/** A comment posted meanwhile (a live push): put in the list as upsertComment does, and counted in the thread's total once. */
export function addComment(data: ThreadPages, comment: CommentView, criteria: CommentSort): ThreadPages {
  const known = data.pages.some((page) => page.comments.some((entry) => entry.comment_id === comment.comment_id));
  const next = upsertComment(data, comment, criteria);
  if (known) return next;
  return withPages(
    next,
    next.pages.map((page) => (page.total_comments === undefined ? page : { ...page, total_comments: page.total_comments + 1 })),
  );
}

/** Changes one comment of the list, wherever it is loaded; the list as it is when no loaded page has it. */
export function updateComment(data: ThreadPages, commentId: string, change: (comment: CommentView) => CommentView): ThreadPages {
  const holds = (page: CommentsPage) => page.comments.some((entry) => entry.comment_id === commentId);
  if (!data.pages.some(holds)) return data;
  return withPages(
    data,
    data.pages.map((page) => (holds(page) ? { ...page, comments: page.comments.map((entry) => (entry.comment_id === commentId ? change(entry) : entry)) } : page)),
  );
}

/** Marks a comment liked by the reader or not (in the page that holds it, or the last loaded). */
export function setLikedIn(data: ThreadPages, commentId: string, liked: boolean): ThreadPages {
  const holder = Math.max(0, data.pages.findLastIndex((page) => page.comments.some((entry) => entry.comment_id === commentId)));
  return withPages(
    data,
    data.pages.map((page, index) => {
      const likedComments = page.likedComments.filter((entry) => entry.comment_id !== commentId);
      if (liked && index === holder) likedComments.push({ comment_id: commentId });
      return { ...page, likedComments };
    }),
  );
}

/** The list with `userId`'s comments under their new name; the list as it is when none of them is loaded. */
export function renameAuthor(data: ThreadPages, userId: string, username: string): ThreadPages {
  if (!data.pages.some((page) => page.comments.some((comment) => comment.user_id === userId && comment.username !== username))) return data;
  return withPages(
    data,
    data.pages.map((page) => ({ ...page, comments: page.comments.map((comment) => (comment.user_id === userId ? { ...comment, username } : comment)) })),
  );
}

/**
 * The reader changed their name: their comments in every cached list show the new one at once, and the lists are
 * fetched afresh when next shown (the server names authors as they are called now).
 */
export function renameAuthorInCache(queryClient: QueryClient, userId: string, username: string): void {
  for (const [key, data] of queryClient.getQueriesData<ThreadPages>({ queryKey: commentKeys.all })) {
    if (data) queryClient.setQueryData(key, renameAuthor(data, userId, username));
  }
  void queryClient.invalidateQueries({ queryKey: commentKeys.all, refetchType: 'none' });
}
