import { SocialEventType } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { type CommentDecision, done, existing, ref } from '../../comments/domain/comment-decisions';
import { CommentAnswer } from '../../comments/domain/comment-messages';
import type { CommentState } from '../../comments/domain/comment-state';

export const ModerationAnswer = {
  dismissed: 'The reports have been dismissed.',
  removed: 'The comment has been removed.',
  removalConfirmed: 'The removal has been confirmed.',
  restored: 'The comment has been restored.',
  nothingToDismiss: 'There are no open reports to dismiss.',
  dismissRemoved: 'This comment is removed: restore it, or keep it removed.',
  alreadyRemoved: 'An operator has already removed this comment.',
  notRemoved: 'This comment is not removed.',
} as const;

/** A missing or deleted comment takes no operator decision: the refusals every decision starts with. */
function moderated(state: CommentState | null): CommentState {
  const comment = existing(state);
  if (comment.deleted) throw new DomainError('invalid', CommentAnswer.isDeleted);
  return comment;
}

export function decideDismissal(state: CommentState | null): CommentDecision {
  const comment = moderated(state);
  if (comment.removed) throw new DomainError('invalid', ModerationAnswer.dismissRemoved);
  if (comment.openReports === 0) throw new DomainError('invalid', ModerationAnswer.nothingToDismiss);
  return done(ModerationAnswer.dismissed, [{ type: SocialEventType.CommentReportsDismissed, data: { ...ref(comment), dismissed_reports: comment.openReports } }]);
}

/** Removes a comment, or confirms (keeps) a removal by reports, which takes it off the review queue. */
export function decideOperatorRemoval(state: CommentState | null): CommentDecision {
  const comment = moderated(state);
  if (comment.removedBy === 'operator') throw new DomainError('invalid', ModerationAnswer.alreadyRemoved);
  const message = comment.removed ? ModerationAnswer.removalConfirmed : ModerationAnswer.removed;
  return done(message, [{ type: SocialEventType.CommentRemovedByOperator, data: ref(comment) }]);
}

/** Shows a removed comment again; its open reports are dismissed with the restoration. */
export function decideRestoration(state: CommentState | null): CommentDecision {
  const comment = moderated(state);
  if (!comment.removed) throw new DomainError('invalid', ModerationAnswer.notRemoved);
  return done(ModerationAnswer.restored, [{ type: SocialEventType.CommentRestored, data: ref(comment) }]);
}
