import { COMMENT_RULES, commentTextProblem, type CommentEvent, type ReportReason, SocialEventType } from '@shelf/contracts';
import type { Decision, NewEvent } from '../../../domain/decision';
import { DomainError } from '../../../domain/domain-error';
import { CommentAnswer } from './comment-messages';
import type { CommentState } from './comment-state';

/** A comment command's decision: the reader's message and the events. A refusal is thrown as a DomainError. */
export type CommentDecision = Decision<string, CommentEvent>;

export const done = (message: string, events: NewEvent<CommentEvent>[] = []): CommentDecision => ({ outcome: message, events });

export const ref = (state: CommentState) => ({ comment_id: state.commentId, book_id: state.bookId, chapter_id: state.chapterId });

/** The comment decided on: refused when it does not exist. */
export function existing(state: CommentState | null): CommentState {
  if (!state) throw new DomainError('not-found', CommentAnswer.notFound);
  return state;
}

/** A deleted or removed comment takes no edit, deletion, report or like. */
function refuseClosed(state: CommentState): void {
  if (state.deleted) throw new DomainError('invalid', CommentAnswer.isDeleted);
  if (state.removed) throw new DomainError('invalid', CommentAnswer.isRemoved);
}

export function decideEdit(state: CommentState | null, userId: string, content: string): CommentDecision {
  const comment = existing(state);
  if (comment.userId !== userId) throw new DomainError('forbidden', CommentAnswer.notYourEdit);
  refuseClosed(comment);
  const problem = commentTextProblem(content);
  if (problem) throw new DomainError('invalid', problem);
  if (content === comment.content) return done(CommentAnswer.edited);
  return done(CommentAnswer.edited, [{ type: SocialEventType.CommentEdited, data: { ...ref(comment), comment_content: content } }]);
}

export function decideDelete(state: CommentState | null, userId: string): CommentDecision {
  const comment = existing(state);
  if (comment.userId !== userId) throw new DomainError('forbidden', CommentAnswer.notYourDelete);
  refuseClosed(comment);
  return done(CommentAnswer.deleted, [{ type: SocialEventType.CommentDeleted, data: ref(comment) }]);
}

/** The report that reaches the threshold of open reports also removes the comment, in the same append. */
export function decideReport(state: CommentState | null, reporterId: string, reason: ReportReason | null = null): CommentDecision {
  const comment = existing(state);
  if (comment.userId === reporterId) throw new DomainError('forbidden', CommentAnswer.ownReport);
  refuseClosed(comment);
  if (comment.reporters.includes(reporterId)) throw new DomainError('invalid', CommentAnswer.alreadyReported);
  const reportCount = comment.openReports + 1;
  const events: NewEvent<CommentEvent>[] = [
    { type: SocialEventType.CommentReportedV2, data: { ...ref(comment), reporter_id: reporterId, report_count: reportCount, reason } },
  ];
  if (reportCount >= COMMENT_RULES.removalReports) events.push({ type: SocialEventType.CommentRemoved, data: ref(comment) });
  return done(CommentAnswer.reported, events);
}

/** A reader's like or unlike of a comment. */
export interface CommentLikeChoice {
  userId: string;
  /** True to like, false to take a like back. */
  like: boolean;
  /** Whether the reader's like stream of the comment ends liked. */
  likedBefore: boolean;
}

/** Liking twice is one like; a deleted or removed comment cannot be liked, but a like of it can be taken back. */
export function decideCommentLike(state: CommentState | null, { userId, like, likedBefore }: CommentLikeChoice): CommentDecision {
  const comment = existing(state);
  if (like === likedBefore) return done(like ? CommentAnswer.liked : CommentAnswer.unliked);
  if (like) refuseClosed(comment);
  const type = like ? SocialEventType.CommentLiked : SocialEventType.CommentUnliked;
  return done(like ? CommentAnswer.liked : CommentAnswer.unliked, [{ type, data: { ...ref(comment), user_id: userId } }]);
}
