import { type ModerationQueueReadModel, SocialEventType } from '@shelf/contracts';
import { type ModerationEvent, reduceModeration } from './moderation-reducers';

const ref = { comment_id: 'c1', book_id: 1, chapter_id: null };
const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;
const event = (version: number, type: ModerationEvent['type'], data: object = {}) =>
  ({ id: `e${version}`, streamId: 'comment-c1', version, type, data: { ...ref, ...data }, metadata: { actor: 'x', correlationId: 'k', causationId: null }, occurredAt: at(version) }) as ModerationEvent;
const report = (version: number, count: number, reason: string | null = null) => event(version, SocialEventType.CommentReportedV2, { reporter_id: `r${version}`, report_count: count, reason });

/** Applies events in turn, as the projector does. */
const fold = (...events: ModerationEvent[]) => events.reduce<ModerationQueueReadModel | null>((doc, e) => reduceModeration(doc, e) ?? doc, null);

describe('the moderation queue document of a comment', () => {
  it('enters the queue with its first report and counts open reports by reason', () => {
    expect(fold(report(2, 1, 'spam'), report(3, 2), event(4, SocialEventType.CommentReported, { reporter_id: 'old', report_count: 3 }))).toEqual({
      _id: 'c1', book_id: 1, chapter_id: null, status: 'open', removed_by: null, open_reports: 3, total_reports: 3,
      reasons: { spam: 1, none: 2 }, first_reported_at: at(2), last_reported_at: at(4), needs_review: true, version: 4,
    });
  });

  it('awaits review when its reports remove it, and leaves the queue on an operator’s decision', () => {
    const removed = fold(report(2, 1), event(3, SocialEventType.CommentRemoved));
    expect(removed).toMatchObject({ status: 'removed', removed_by: 'reports', needs_review: true });
    expect(fold(report(2, 1), event(3, SocialEventType.CommentRemoved), event(4, SocialEventType.CommentRemovedByOperator))).toMatchObject({ removed_by: 'operator', needs_review: false });
    expect(fold(report(2, 1), event(3, SocialEventType.CommentRemoved), event(4, SocialEventType.CommentRestored))).toMatchObject({
      status: 'restored', removed_by: null, open_reports: 0, reasons: {}, total_reports: 1, needs_review: false,
    });
    expect(fold(report(2, 1), event(3, SocialEventType.CommentDeleted))).toMatchObject({ status: 'deleted', needs_review: false });
  });

  it('starts counting afresh after a dismissal', () => {
    const again = fold(report(2, 1, 'spam'), event(3, SocialEventType.CommentReportsDismissed, { dismissed_reports: 1 }), report(4, 1, 'off-topic'));
    expect(again).toMatchObject({ status: 'open', open_reports: 1, total_reports: 2, reasons: { 'off-topic': 1 }, first_reported_at: at(4), needs_review: true });
  });

  it('changes nothing for an event applied before, or one about a comment never reported', () => {
    const doc = fold(report(2, 1));
    expect(reduceModeration(doc, report(2, 1))).toBeNull();
    expect(reduceModeration(null, event(3, SocialEventType.CommentReportsDismissed, { dismissed_reports: 0 }))).toBeNull();
    expect(reduceModeration(null, event(3, SocialEventType.CommentDeleted))).toBeNull();
    expect(reduceModeration(null, event(3, SocialEventType.CommentRemovedByOperator))).toMatchObject({ status: 'removed', removed_by: 'operator', needs_review: false });
  });
});
