import {
  type CommentEvent,
  type ModeratedCommentReadModel,
  type ModerationQueueReadModel,
  type ModerationView,
  type ModerationViewEntry,
  MODERATION_VIEWS,
  inModerationView,
  moderationViewKey,
  SocialEventType,
} from '@shelf/contracts';
import type { OrderedOp } from '../ordered-pages/ordered-pages';

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

/** The comment events that change what operators see of a comment. */
export type ModeratedCommentEvent = Exclude<CommentEvent, { type: typeof SocialEventType.CommentLiked | typeof SocialEventType.CommentUnliked }>;

/**
 * A comment as operators see it after an event of its stream (applied in version order, once): its text as written
 * and edited, and whether its author deleted it or it is removed, as its thread has them. Null when the event changes
 * nothing of it.
 */
export function reduceModeratedComment(doc: ModeratedCommentReadModel | null, event: ModeratedCommentEvent): ModeratedCommentReadModel | null {
  if (event.type === SocialEventType.CommentPosted) {
    if (doc) return null;
    const { comment_id, book_id, chapter_id, parent_comment_id, user_id, username, comment_content } = event.data;
    return {
      _id: comment_id,
      comment_id,
      book_id,
      chapter_id,
      parent_comment_id,
      user_id,
      username,
      comment_content,
      comment_time: event.occurredAt,
      deleted: false,
      removed: false,
      version: event.version,
    };
  }
  if (!doc || event.version <= doc.version) return null;
  switch (event.type) {
    case SocialEventType.CommentEdited:
      return { ...doc, comment_content: event.data.comment_content, version: event.version };
    case SocialEventType.CommentDeleted:
      return { ...doc, deleted: true, version: event.version };
    case SocialEventType.CommentRemoved:
    case SocialEventType.CommentRemovedByOperator:
      return doc.removed ? null : { ...doc, removed: true, version: event.version };
    case SocialEventType.CommentRestored:
      return { ...doc, removed: false, version: event.version };
    default:
      return null;
  }
}

/** A reported comment as the views list it. */
export function viewEntry(doc: ModerationQueueReadModel, { _id: _comment, version: _version, ...comment }: ModeratedCommentReadModel): ModerationViewEntry {
  const { status, removed_by, open_reports, total_reports, reasons, first_reported_at, last_reported_at, needs_review } = doc;
  return { comment, status, removed_by, open_reports, total_reports, reasons, first_reported_at, last_reported_at, needs_review };
}

/**
 * What each view's ordered pages change when a reported comment's queue document changes from `before` (null: not
 * reported until now) to `after`: it leaves a view it no longer belongs in, moves within one where its place changed,
 * and is put again with what it now shows.
 */
export function viewChanges(before: ModerationQueueReadModel | null, after: ModerationQueueReadModel, entry: ModerationViewEntry): [ModerationView, OrderedOp<ModerationViewEntry>[]][] {
  const key = (doc: ModerationQueueReadModel) => moderationViewKey({ ...doc, comment: { comment_id: doc._id } });
  return MODERATION_VIEWS.map((view) => {
    const was = before && inModerationView(view, before) ? key(before) : null;
    const is = inModerationView(view, after) ? key(after) : null;
    const ops: OrderedOp<ModerationViewEntry>[] = [];
    if (was !== null && was !== is) ops.push({ del: was });
    if (is !== null) ops.push({ put: [is, entry] });
    return [view, ops] as [ModerationView, OrderedOp<ModerationViewEntry>[]];
  }).filter(([, ops]) => ops.length > 0);
}

