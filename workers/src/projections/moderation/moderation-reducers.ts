import {
  type CommentEvent,
  ERASED_NAME,
  ERASED_TEXT,
  type ModeratedCommentReadModel,
  type ModerationQueueReadModel,
  type ModerationView,
  MODERATION_VIEWS,
  inModerationView,
  moderationViewKey,
  SocialEventType,
} from '@shelf/contracts';
import { type OrderedOp } from '@shelf/read-model-formats';

/** A reported comment's moderation state: its queue document but the comment. */
export type ModerationState = Omit<ModerationQueueReadModel, 'comment'>;

/** The comment events the moderation queue follows (a comment enters it with its first report). */
export type ModerationEvent = Exclude<CommentEvent, { type: typeof SocialEventType.CommentPosted | typeof SocialEventType.CommentEdited | typeof SocialEventType.CommentLiked | typeof SocialEventType.CommentUnliked }>;

const closed = { open_reports: 0, reasons: {}, needs_review: false };

/**
 * A reported comment's place in the queue after an event of its stream (applied in version order, once): null when
 * the event changes nothing there, such as a dismissal of a comment never reported.
 */
export function reduceModeration(doc: ModerationState | null, event: ModerationEvent): ModerationState | null {
  // A stream of its own, that changes no state: the queue document (if any) takes the comment as it now shows.
  if (event.type === SocialEventType.CommentAuthorErased) return doc;
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

function fresh(event: ModerationEvent, at: string): ModerationState {
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
  if (event.type === SocialEventType.CommentAuthorErased) {
    // As a rebuild after the erasure reads the comment (PERSONAL_FIELDS); a stream of its own: the version stays.
    if (!doc || (doc.username === ERASED_NAME && doc.comment_content === ERASED_TEXT)) return null;
    return { ...doc, username: ERASED_NAME, comment_content: ERASED_TEXT };
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

/**
 * What each view's ordered pages (of comment ids) change when a reported comment's queue document changes from
 * `before` (null: not reported until now) to `after`: it leaves a view it no longer belongs in, and takes its place in
 * one it joins or where its place changed.
 */
export function viewChanges(before: ModerationState | null, after: ModerationState): [ModerationView, OrderedOp<string>[]][] {
  return MODERATION_VIEWS.map((view) => {
    const was = before && inModerationView(view, before) ? moderationViewKey(before) : null;
    const is = inModerationView(view, after) ? moderationViewKey(after) : null;
    const ops: OrderedOp<string>[] = [];
    if (was !== null && was !== is) ops.push({ del: was });
    if (is !== null && is !== was) ops.push({ put: [is, after._id] });
    return [view, ops] as [ModerationView, OrderedOp<string>[]];
  }).filter(([, ops]) => ops.length > 0);
}
