import { CommentMessage, type CommentEvent, MuteText, type CommentingSuspension, commentTextProblem, cooldownMessage, SocialEventType } from '@shelf/contracts';
import { createHash } from 'node:crypto';
import type { Decision } from '../../../domain/decision';
import { DomainError } from '../../../domain/domain-error';
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

/** Only a verified reader who is not suspended posts, edits or reports: the others are refused. */
export function refuseNonCommenter(commenter: Commenter | null, logInMessage: string): void {
  if (!commenter?.emailVerified) throw new DomainError('forbidden', logInMessage);
  if (commenter.suspension) throw new DomainError('forbidden', suspendedMessage(commenter.suspension.until));
}

/** A new comment or reply, with what the handler looked up for it. */
export interface Posting {
  commentId: string;
  author: Commenter | null;
  book_id: number;
  chapter_id: number | null;
  parent_comment_id: string | null;
  comment_content: string;
  /** The key of the chapter's paragraph a comment is on (null: none); a reply's must be absent or its parent's. */
  paragraph: string | null;
  bookFound: boolean;
  /** Whether the chapter of a chapter's comment exists (ignored for a book's comment). */
  chapterFound: boolean;
  /** The comment replied to, folded from its stream (null: none, or not found). */
  parent: CommentState | null;
  /** Whether the author of the comment replied to has blocked the reader (false for a comment that replies to none). */
  blockedByParentAuthor: boolean;
  /**
   * The keys of the chapter's paragraphs as its text stands, for a top-level comment on a paragraph (null otherwise, or
   * when they cannot be told: the web app's server build is missing).
   */
  chapterParagraphs: readonly string[] | null;
}

export type PostDecision = Decision<{ message: string; commentId: string }, CommentEvent>;

const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Every posting rule but the cooldown, in order: the first one broken is the refusal. */
export function refuseUnpostable(post: Posting): void {
  refuseNonCommenter(post.author, post.parent_comment_id ? CommentMessage.logInToReply : CommentMessage.logInToComment);
  const textProblem = commentTextProblem(post.comment_content);
  if (textProblem) throw new DomainError('invalid', textProblem);
  if (!post.bookFound) throw new DomainError('not-found', 'Book not found.');
  if (post.chapter_id !== null && !post.chapterFound) throw new DomainError('not-found', 'Chapter not found.');
  if (post.paragraph !== null && post.chapter_id === null) throw new DomainError('invalid', CommentAnswer.paragraphOfBook);
  if (post.parent_comment_id) {
    if (!post.parent) throw new DomainError('not-found', CommentAnswer.parentNotFound);
    if (post.parent.bookId !== post.book_id || post.parent.chapterId !== post.chapter_id) throw new DomainError('invalid', CommentAnswer.parentElsewhere);
    if (post.paragraph !== null && post.paragraph !== post.parent.paragraph) throw new DomainError('invalid', CommentAnswer.paragraphOfParent);
    if (post.blockedByParentAuthor) throw new DomainError('forbidden', MuteText.replyBlocked);
  } else if (post.paragraph !== null && !post.chapterParagraphs?.includes(post.paragraph)) {
    throw new DomainError('invalid', CommentAnswer.paragraphGone);
  }
}

/** The paragraph a comment is on: a reply's is its parent's, whatever it was posted with. */
const paragraphOf = (post: Posting): string | null => (post.parent_comment_id ? (post.parent?.paragraph ?? null) : post.paragraph);

/** The whole decision, once the cooldown started (`waitMs` > 0: the reader posted too recently). */
export function decidePost(post: Posting, waitMs: number): PostDecision {
  refuseUnpostable(post);
  if (waitMs > 0) throw new DomainError('too-many', cooldownMessage(waitMs));
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
  const paragraph = paragraphOf(post);
  return { outcome: { message: CommentAnswer.posted, commentId: post.commentId }, events: [{ type: SocialEventType.CommentPosted, data: paragraph === null ? data : { ...data, paragraph } }] };
}
