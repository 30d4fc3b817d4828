import { type AnyDomainEvent, SocialEventType } from '@shelf/contracts';
import { activityOf, type ReaderActivityEvent } from './reader-activity-reducers';

const at = '2026-11-28T05:00:00.000Z';
const where = { comment_id: 'c1', book_id: 7, chapter_id: 3 };
const event = (type: AnyDomainEvent['type'], data: object) =>
  ({ id: 'e1', streamId: 's', version: 1, type, data: { ...where, ...data }, metadata: { actor: 'x', correlationId: 'k', causationId: null }, occurredAt: at }) as ReaderActivityEvent;

describe('a reader activity', () => {
  it("puts a posted comment in its author's activity", () => {
    const posted = event(SocialEventType.CommentPosted, { parent_comment_id: null, parent_user_id: null, user_id: 'u1', username: 'U', email_hash: 'h', comment_content: 'text' });
    expect(activityOf(posted)).toEqual(['u1', { put: ['cc1', ['comment', 'c1', 7, 3, at, null]] }]);
  });

  it("puts a like in the liker's activity and takes it out on unlike, under one key", () => {
    expect(activityOf(event(SocialEventType.CommentLiked, { user_id: 'u2' }))).toEqual(['u2', { put: ['lc1', ['comment-like', 'c1', 7, 3, at, null]] }]);
    expect(activityOf(event(SocialEventType.CommentUnliked, { user_id: 'u2' }))).toEqual(['u2', { del: 'lc1' }]);
  });

  it("puts a report in the reporter's activity, with its reason when it has one", () => {
    expect(activityOf(event(SocialEventType.CommentReportedV2, { reporter_id: 'u3', report_count: 2, reason: 'spam' }))).toEqual(['u3', { put: ['rc1', ['report', 'c1', 7, 3, at, 'spam']] }]);
    expect(activityOf(event(SocialEventType.CommentReported, { reporter_id: 'u3', report_count: 1 }))).toEqual(['u3', { put: ['rc1', ['report', 'c1', 7, 3, at, null]] }]);
  });
});
