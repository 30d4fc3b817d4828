import { type CommentEvent, type ModerationQueueReadModel, SocialEventType } from '@shelf/contracts';

/** The comment events the moderation queue follows (a comment enters it with its first report). */
export type ModerationEvent = Exclude<CommentEvent, { type: typeof SocialEventType.CommentPosted | typeof SocialEventType.CommentEdited | typeof SocialEventType.CommentLiked | typeof SocialEventType.CommentUnliked }>;

const closed = { open_reports: 0, reasons: {}, needs_review: false };

/**
 * A reported comment's place in the queue after an event of its stream (applied in version order, once): null when
 * the event changes nothing there, such as a dismissal of a comment never reported.
 */
export function reduceModeration(doc: ModerationQueueReadModel | null, event: ModerationEvent): ModerationQueueReadModel | null {
  if (doc && event.version <= doc.version) return null;
  const at = event.occurredAt;
  if (event.type === SocialEventType.CommentReported || event.type === SocialEventType.CommentReportedV2) {
    const reason = (event.type === SocialEventType.CommentReportedV2 ? event.data.reason : null) ?? 'none';
    const base = doc ?? fresh(event, at);
    // The reports since the last dismissal count, and are as old as the first of them.
    const reopened = base.open_reports === 0;
    return {
      ...base,
      status: base.status === 'removed' ? 'removed' : 'open',
      open_reports: event.data.report_count,
      total_reports: base.total_reports + 1,
      reasons: { ...(reopened ? {} : base.reasons), [reason]: ((reopened ? 0 : base.reasons[reason]) ?? 0) + 1 },
      first_reported_at: reopened ? at : base.first_reported_at,
      last_reported_at: at,
      needs_review: true,
      version: event.version,
    };
  }
  if (event.type === SocialEventType.CommentRemovedByOperator) {
    return { ...(doc ?? fresh(event, at)), status: 'removed', removed_by: 'operator', needs_review: false, version: event.version };
  }
  if (!doc) return null;
  const next = { ...doc, version: event.version };
  switch (event.type) {
    case SocialEventType.CommentRemoved:
      return { ...next, status: 'removed', removed_by: 'reports', needs_review: true };
    case SocialEventType.CommentReportsDismissed:
      return { ...next, ...closed, status: 'dismissed' };
    case SocialEventType.CommentRestored:
      return { ...next, ...closed, status: 'restored', removed_by: null };
    case SocialEventType.CommentDeleted:
      return { ...next, status: 'deleted', needs_review: false };
  }
}

function fresh(event: ModerationEvent, at: string): ModerationQueueReadModel {
  return {
    _id: event.data.comment_id,
    book_id: event.data.book_id,
    chapter_id: event.data.chapter_id,
    status: 'open',
    removed_by: null,
    open_reports: 0,
    total_reports: 0,
    reasons: {},
    first_reported_at: at,
    last_reported_at: at,
    needs_review: false,
    version: 0,
  };
}
