import { SocialEventType } from '@shelf/contracts';
import { type CommentDecision, done, ref, refuse } from '../../comments/domain/comment-decisions';
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

/** A deleted comment takes no operator decision: these are the refusals every decision starts with. */
const GONE = { missing: refuse(404, CommentAnswer.notFound), deleted: refuse(400, CommentAnswer.isDeleted) };

export function decideDismissal(state: CommentState | null): CommentDecision {
  if (!state) return GONE.missing;
  if (state.deleted) return GONE.deleted;
  if (state.removed) return refuse(400, ModerationAnswer.dismissRemoved);
  if (state.openReports === 0) return refuse(400, ModerationAnswer.nothingToDismiss);
  return done(ModerationAnswer.dismissed, [{ type: SocialEventType.CommentReportsDismissed, data: { ...ref(state), dismissed_reports: state.openReports } }]);
}

/** Removes a comment, or confirms (keeps) a removal by reports, which takes it off the review queue. */
export function decideOperatorRemoval(state: CommentState | null): CommentDecision {
  if (!state) return GONE.missing;
  if (state.deleted) return GONE.deleted;
  if (state.removedBy === 'operator') return refuse(400, ModerationAnswer.alreadyRemoved);
  const message = state.removed ? ModerationAnswer.removalConfirmed : ModerationAnswer.removed;
  return done(message, [{ type: SocialEventType.CommentRemovedByOperator, data: ref(state) }]);
}

/** Shows a removed comment again; its open reports are dismissed with the restoration. */
export function decideRestoration(state: CommentState | null): CommentDecision {
  if (!state) return GONE.missing;
  if (state.deleted) return GONE.deleted;
  if (!state.removed) return refuse(400, ModerationAnswer.notRemoved);
  return done(ModerationAnswer.restored, [{ type: SocialEventType.CommentRestored, data: ref(state) }]);
}
