import type { CommentSort, CommentsWithLikesResponse, CommentWriteResponse, ReportReason, ThreadRef } from '@shelf/contracts';
import { getJson, postJson } from '../../shared/api/api-client';

const threadQuery = ({ book_id, chapter_id }: ThreadRef, criteria: CommentSort) =>
  `book_id=${book_id}&chapter_id=${chapter_id ?? ''}&criteria=${criteria}`;

/** A thread's comments; a logged-in reader also gets the ones they like (visitors: none). */
export async function fetchComments(thread: ThreadRef, criteria: CommentSort, loggedIn: boolean, signal?: AbortSignal): Promise<CommentsWithLikesResponse> {
  if (loggedIn) return getJson<CommentsWithLikesResponse>(`/comment/show-comments-with-like-comments?${threadQuery(thread, criteria)}`, { signal });
  const { comments } = await getJson<{ comments: CommentsWithLikesResponse['comments'] }>(`/comment/show-comments?${threadQuery(thread, criteria)}`, { signal });
  return { comments, likedComments: [] };
}

export interface NewComment {
  book_id: number;
  chapter_id: number | null;
  parent_comment_id: string | null;
  comment_content: string;
  honeypot: string;
}

export const postComment = (comment: NewComment) => postJson<CommentWriteResponse>('/comment/post-comments', comment);

export const editComment = (commentId: string, text: string, honeypot: string) =>
  postJson<CommentWriteResponse>('/comment/edit-comments', { comment_id: commentId, new_comment_content: text, honeypot });

export const deleteComment = (commentId: string) => postJson<CommentWriteResponse>('/comment/delete-comments', { comment_id: commentId });

/** Reports a comment, with the reader's reason when they chose one. */
export const reportComment = (commentId: string, reason: ReportReason | null = null) =>
  postJson<CommentWriteResponse>('/comment/report-comments', reason === null ? { comment_id: commentId } : { comment_id: commentId, reason });

export const setCommentLiked = (commentId: string, liked: boolean) =>
  postJson<CommentWriteResponse>(`/comment/${liked ? 'like-comments' : 'delete-like-comments'}`, { comment_id: commentId });
