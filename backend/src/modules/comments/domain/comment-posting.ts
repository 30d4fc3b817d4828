import { CommentMessage, type CommentEvent, type CommentingSuspension, commentTextProblem, cooldownMessage, SocialEventType } from '@shelf/contracts';
import { createHash } from 'node:crypto';
import type { NewEvent } from '../../../event-store/event-store';
import { type CommentDecision, type CommentOutcome, done, refuse } from './comment-decisions';
import { CommentAnswer, suspendedMessage } from './comment-messages';
import type { CommentState } from './comment-state';

/** A reader as the comment commands see them (the accounts' directory entry). */
export interface Commenter {
  userId: string;
  username: string;
  email: string;
  emailVerified: boolean;
  /** The suspension from commenting in force now, if any. */
  suspension: CommentingSuspension | null;
}

/** Only a verified reader who is not suspended posts, edits or reports; null lets them. */
export function commenterRefusal(commenter: Commenter | null, logInMessage: string): CommentDecision | null {
  if (!commenter?.emailVerified) return refuse(403, logInMessage);
  if (commenter.suspension) return refuse(403, suspendedMessage(commenter.suspension.until));
  return null;
}

/** A new comment or reply, with what the handler looked up for it. */
export interface Posting {
  commentId: string;
  author: Commenter | null;
  book_id: number;
  chapter_id: number | null;
  parent_comment_id: string | null;
  comment_content: string;
  bookFound: boolean;
  /** Whether the chapter of a chapter's comment exists (ignored for a book's comment). */
  chapterFound: boolean;
  /** The comment replied to, folded from its stream (null: none, or not found). */
  parent: CommentState | null;
}

export type PostOutcome = CommentOutcome & { commentId?: string };
export interface PostDecision {
  outcome: PostOutcome;
  events: NewEvent<CommentEvent>[];
}

const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Every rule of spec section 5 but the cooldown, in order; null when the comment may be posted. */
export function postRefusal(post: Posting): CommentDecision | null {
  const refusal = commenterRefusal(post.author, post.parent_comment_id ? CommentMessage.logInToReply : CommentMessage.logInToComment);
  if (refusal) return refusal;
  const textProblem = commentTextProblem(post.comment_content);
  if (textProblem) return refuse(400, textProblem);
  if (!post.bookFound) return refuse(404, 'Book not found.');
  if (post.chapter_id !== null && !post.chapterFound) return refuse(404, 'Chapter not found.');
  if (post.parent_comment_id) {
    if (!post.parent) return refuse(404, CommentAnswer.parentNotFound);
    if (post.parent.bookId !== post.book_id || post.parent.chapterId !== post.chapter_id) return refuse(400, CommentAnswer.parentElsewhere);
  }
  return null;
}

/** The whole decision, once the cooldown started (`waitMs` > 0: the reader posted too recently). */
export function decidePost(post: Posting, waitMs: number): PostDecision {
  const refusal = postRefusal(post);
  if (refusal) return refusal;
  if (waitMs > 0) return refuse(429, cooldownMessage(waitMs));
  const author = post.author!;
  const data = {
    comment_id: post.commentId,
    book_id: post.book_id,
    chapter_id: post.chapter_id,
    parent_comment_id: post.parent_comment_id,
    parent_user_id: post.parent?.userId ?? null,
    user_id: author.userId,
    username: author.username,
    email_hash: emailHash(author.email),
    comment_content: post.comment_content,
  };
  const { outcome, events } = done(CommentAnswer.posted, [{ type: SocialEventType.CommentPosted, data }]);
  return { outcome: { ...outcome, commentId: post.commentId }, events };
}
