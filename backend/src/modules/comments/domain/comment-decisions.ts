import { COMMENT_RULES, commentTextProblem, type CommentEvent, type ReportReason, SocialEventType } from '@shelf/contracts';
import type { NewEvent } from '../../../event-store/event-store';
import { CommentAnswer } from './comment-messages';
import type { CommentState } from './comment-state';

/** A command's answer: done with a message, or refused with the HTTP status and the reader's message. */
export type RefusalStatus = 400 | 403 | 404 | 429;
export type CommentOutcome = { ok: true; message: string } | { ok: false; status: RefusalStatus; message: string };

export interface CommentDecision {
  outcome: CommentOutcome;
  events: NewEvent<CommentEvent>[];
}

export const done = (message: string, events: NewEvent<CommentEvent>[] = []): CommentDecision => ({ outcome: { ok: true, message }, events });
export const refuse = (status: RefusalStatus, message: string): CommentDecision => ({ outcome: { ok: false, status, message }, events: [] });

export const ref = (state: CommentState) => ({ comment_id: state.commentId, book_id: state.bookId, chapter_id: state.chapterId });

/** A deleted or removed comment takes no edit, deletion, report or like. */
function closed(state: CommentState): CommentDecision | null {
  if (state.deleted) return refuse(400, CommentAnswer.isDeleted);
  if (state.removed) return refuse(400, CommentAnswer.isRemoved);
  return null;
}

export function decideEdit(state: CommentState | null, userId: string, content: string): CommentDecision {
  if (!state) return refuse(404, CommentAnswer.notFound);
  if (state.userId !== userId) return refuse(403, CommentAnswer.notYourEdit);
  const shut = closed(state);
  if (shut) return shut;
  const problem = commentTextProblem(content);
  if (problem) return refuse(400, problem);
  if (content === state.content) return done(CommentAnswer.edited);
  return done(CommentAnswer.edited, [{ type: SocialEventType.CommentEdited, data: { ...ref(state), comment_content: content } }]);
}

export function decideDelete(state: CommentState | null, userId: string): CommentDecision {
  if (!state) return refuse(404, CommentAnswer.notFound);
  if (state.userId !== userId) return refuse(403, CommentAnswer.notYourDelete);
  return closed(state) ?? done(CommentAnswer.deleted, [{ type: SocialEventType.CommentDeleted, data: ref(state) }]);
}

/** The report that reaches the threshold of open reports also removes the comment, in the same append. */
export function decideReport(state: CommentState | null, reporterId: string, reason: ReportReason | null = null): CommentDecision {
  if (!state) return refuse(404, CommentAnswer.notFound);
  if (state.userId === reporterId) return refuse(403, CommentAnswer.ownReport);
  const shut = closed(state);
  if (shut) return shut;
  if (state.reporters.includes(reporterId)) return refuse(400, CommentAnswer.alreadyReported);
  const reportCount = state.openReports + 1;
  const events: NewEvent<CommentEvent>[] = [
    { type: SocialEventType.CommentReportedV2, data: { ...ref(state), reporter_id: reporterId, report_count: reportCount, reason } },
  ];
  if (reportCount >= COMMENT_RULES.removalReports) events.push({ type: SocialEventType.CommentRemoved, data: ref(state) });
  return done(CommentAnswer.reported, events);
}

/** Liking twice is one like; a deleted or removed comment cannot be liked, but a like of it can be taken back. */
export function decideCommentLike(comment: CommentState | null, liked: boolean, like: boolean, userId: string): CommentDecision {
  if (!comment) return refuse(404, CommentAnswer.notFound);
  if (like === liked) return done(like ? CommentAnswer.liked : CommentAnswer.unliked);
  if (like) {
    const shut = closed(comment);
    if (shut) return shut;
  }
  const type = like ? SocialEventType.CommentLiked : SocialEventType.CommentUnliked;
  return done(like ? CommentAnswer.liked : CommentAnswer.unliked, [{ type, data: { ...ref(comment), user_id: userId } }]);
}
