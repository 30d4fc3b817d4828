import { ERASED_NAME, moderationViewKey, SocialEventType } from '@shelf/contracts';
import { type ModeratedCommentEvent, type ModerationEvent, type ModerationState, reduceModeratedComment, reduceModeration, viewChanges } from './moderation-reducers';

const ref = { comment_id: 'c1', book_id: 1, chapter_id: null };
const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;
const event = (version: number, type: ModerationEvent['type'], data: object = {}) =>
  ({ id: `e${version}`, streamId: 'comment-c1', version, type, data: { ...ref, ...data }, metadata: { actor: 'x', correlationId: 'k', causationId: null }, occurredAt: at(version) }) as ModerationEvent;
const report = (version: number, count: number, reason: string | null = null) => event(version, SocialEventType.CommentReportedV2, { reporter_id: `r${version}`, report_count: count, reason });

/** Applies events in turn, as the projector does. */
const fold = (...events: ModerationEvent[]) => events.reduce<ModerationState | null>((doc, e) => reduceModeration(doc, e) ?? doc, null);

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

describe('a comment as operators see it', () => {
  const posted = {
    ...event(1, SocialEventType.CommentReportedV2),
    type: SocialEventType.CommentPosted,
    data: { ...ref, parent_comment_id: null, parent_user_id: null, user_id: 'u1', username: 'Dana', email_hash: 'h', comment_content: 'First words.' },
  } as ModeratedCommentEvent;
  const comment = reduceModeratedComment(null, posted)!;

  it('is what was written, edited, deleted or removed and restored, each event once', () => {
    expect(comment).toEqual({
      _id: 'c1', comment_id: 'c1', book_id: 1, chapter_id: null, parent_comment_id: null, user_id: 'u1', username: 'Dana',
      comment_content: 'First words.', comment_time: at(1), deleted: false, removed: false, version: 1,
    });
    const edited = reduceModeratedComment(comment, { ...event(2, SocialEventType.CommentDeleted), type: SocialEventType.CommentEdited, data: { ...ref, comment_content: 'Second words.' } } as ModeratedCommentEvent)!;
    expect(edited).toMatchObject({ comment_content: 'Second words.', version: 2 });
    const removed = reduceModeratedComment(edited, event(3, SocialEventType.CommentRemoved))!;
    expect(removed).toMatchObject({ removed: true, version: 3 });
    expect(reduceModeratedComment(removed, event(4, SocialEventType.CommentRemovedByOperator))).toBeNull();
    expect(reduceModeratedComment(removed, event(5, SocialEventType.CommentRestored))).toMatchObject({ removed: false, version: 5 });
    expect(reduceModeratedComment(removed, event(3, SocialEventType.CommentRemoved))).toBeNull();
    expect(reduceModeratedComment(comment, report(2, 1))).toBeNull();
    expect(reduceModeratedComment(comment, posted)).toBeNull();
  });
});

describe('the views of the queue', () => {
  it('take a comment in with its first report, move it as its reports change its place, and let it go', () => {
    const first = fold(report(2, 1));
    expect(viewChanges(null, first!)).toEqual([
      ['review', [{ put: [moderationViewKey(first!), 'c1'] }]],
      ['all', [{ put: [moderationViewKey(first!), 'c1'] }]],
    ]);
    const second = reduceModeration(first, report(3, 2))!;
    expect(moderationViewKey(second) < moderationViewKey(first!)).toBe(true);
    expect(viewChanges(first, second)).toEqual([
      ['review', [{ del: moderationViewKey(first!) }, { put: [moderationViewKey(second), 'c1'] }]],
      ['all', [{ del: moderationViewKey(first!) }, { put: [moderationViewKey(second), 'c1'] }]],
    ]);
    const removed = reduceModeration(second, event(4, SocialEventType.CommentRemovedByOperator))!;
    expect(viewChanges(second, removed)).toEqual([
      ['review', [{ del: moderationViewKey(second) }]],
      ['removed', [{ put: [moderationViewKey(removed), 'c1'] }]],
    ]);
  });

  it('shows operators an erased author as a rebuild does, its moderation state unchanged', () => {
    const posted = { ...event(1, SocialEventType.CommentReportedV2), type: SocialEventType.CommentPosted, data: { ...ref, parent_comment_id: null, parent_user_id: null, user_id: 'u1', username: 'Reader', email_hash: 'h', comment_content: 'Words of it.' } } as ModeratedCommentEvent;
    const erased = { ...event(1, SocialEventType.CommentAuthorErased), streamId: 'comment-author-erased-c1' } as ModerationEvent;
    const gone = reduceModeratedComment(reduceModeratedComment(null, posted), erased);
    expect(gone).toMatchObject({ username: ERASED_NAME, comment_content: '', version: 1 });
    expect(reduceModeratedComment(gone, erased)).toBeNull();
    const reported = fold(report(2, 1, 'spam'));
    expect(reduceModeration(reported, erased)).toBe(reported);
    expect(reduceModeration(null, erased)).toBeNull();
  });
});
