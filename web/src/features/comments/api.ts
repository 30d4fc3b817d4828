import type { CommentSort, CommentsPaging, CommentsWithLikesResponse, CommentWriteResponse, ReportReason, ThreadRef } from '@shelf/contracts';
import { getJson, postJson } from '../../shared/api/api-client';

/** One answer of a thread asked for a page at a time: its comments and those the reader likes, and what comes next. */
export type CommentsPage = CommentsWithLikesResponse & Partial<CommentsPaging>;

/** A page of a thread: at most `limit` comments, those after the comment `after` (null: from the first). */
export interface PageAsked {
  limit: number;
  after: string | null;
}

const threadQuery = ({ book_id, chapter_id }: ThreadRef, criteria: CommentSort, { limit, after }: PageAsked, paragraph: string | null) =>
  `book_id=${book_id}&chapter_id=${chapter_id ?? ''}&criteria=${criteria}&limit=${limit}${after === null ? '' : `&after=${encodeURIComponent(after)}`}` +
  (paragraph === null ? '' : `&paragraph=${encodeURIComponent(paragraph)}`);

/**
 * A page of a thread's comments (with `paragraph`, of those on that paragraph of the chapter); a logged-in reader also
 * gets the ones of it they like (visitors: none).
 */
export async function fetchComments(
  thread: ThreadRef,
  criteria: CommentSort,
  loggedIn: boolean,
  page: PageAsked,
  paragraph: string | null,
  signal?: AbortSignal,
): Promise<CommentsPage> {
  const query = threadQuery(thread, criteria, page, paragraph);
  if (loggedIn) return getJson<CommentsPage>(`/comment/show-comments-with-like-comments?${query}`, { signal });
  const answer = await getJson<Omit<CommentsPage, 'likedComments'>>(`/comment/show-comments?${query}`, { signal });
  return { ...answer, likedComments: [] };
}

export interface NewComment {
  book_id: number;
  chapter_id: number | null;
  parent_comment_id: string | null;
  comment_content: string;
  honeypot: string;
  /** The key of the chapter's paragraph a top-level comment is on (a reply takes its parent's). */
  paragraph?: string;
}

/** Posts a comment; `idempotencyKey`, the same on every retry of one posting, makes it one comment however often sent. */
export const postComment = (comment: NewComment, idempotencyKey: string) =>
  postJson<CommentWriteResponse>('/comment/post-comments', comment, { idempotencyKey });

export const editComment = (commentId: string, text: string, honeypot: string) =>
  postJson<CommentWriteResponse>('/comment/edit-comments', { comment_id: commentId, new_comment_content: text, honeypot });

export const deleteComment = (commentId: string) => postJson<CommentWriteResponse>('/comment/delete-comments', { comment_id: commentId });

/** Reports a comment, with the reader's reason when they chose one. */
export const reportComment = (commentId: string, reason: ReportReason | null = null) =>
  postJson<CommentWriteResponse>('/comment/report-comments', reason === null ? { comment_id: commentId } : { comment_id: commentId, reason });

export const setCommentLiked = (commentId: string, liked: boolean) =>
  postJson<CommentWriteResponse>(`/comment/${liked ? 'like-comments' : 'delete-like-comments'}`, { comment_id: commentId });
