import { type CommentEvent, SocialEventType } from '@shelf/contracts';
import { refusalOf } from '../../../domain/refusal-of';
import { type CommentState, foldComment } from '../../comments/domain/comment-state';
import { decideDismissal, decideOperatorRemoval, decideRestoration } from './comment-moderation';

const ref = { comment_id: 'c1', book_id: 1, chapter_id: 2 };
let version = 0;
const event = (type: CommentEvent['type'], data: object = {}) => ({ id: `e${++version}`, streamId: 'comment-c1', version, type, data: { ...ref, ...data }, metadata: { actor: 'x', correlationId: 'k', causationId: null }, occurredAt: '2026-11-23T10:00:00.000Z' }) as CommentEvent;
const posted = () => event(SocialEventType.CommentPosted, { parent_comment_id: null, parent_user_id: null, user_id: 'author', username: 'A', email_hash: 'h', comment_content: 'Some words of a comment.' });
const reported = (by: string, count: number) => event(SocialEventType.CommentReportedV2, { reporter_id: by, report_count: count, reason: null });

/** Given the comment's history, when the operator decides, then these events (or this refusal). */
const given = (...history: CommentEvent[]): CommentState | null => {
  version = 0;
  return foldComment(history.map((e, i) => ({ ...e, version: i + 1 })));
};

describe('an operator’s decisions on a comment', () => {
  it('dismisses open reports, and only open ones on a comment that is shown', () => {
    expect(decideDismissal(given(posted(), reported('r1', 1), reported('r2', 2)))).toEqual({
      outcome: 'The reports have been dismissed.',
      events: [{ type: SocialEventType.CommentReportsDismissed, data: { ...ref, dismissed_reports: 2 } }],
    });
    expect(refusalOf(() => decideDismissal(given(posted())))).toEqual({ code: 'invalid', message: 'There are no open reports to dismiss.' });
    const dismissed = given(posted(), reported('r1', 1), event(SocialEventType.CommentReportsDismissed, { dismissed_reports: 1 }));
    expect(refusalOf(() => decideDismissal(dismissed))).toEqual({ code: 'invalid', message: 'There are no open reports to dismiss.' });
    expect(refusalOf(() => decideDismissal(given(posted(), reported('r1', 1), event(SocialEventType.CommentRemoved))))).toEqual({
      code: 'invalid',
      message: 'This comment is removed: restore it, or keep it removed.',
    });
  });

  it('removes a shown comment, confirms a removal by reports, and refuses a second removal', () => {
    expect(decideOperatorRemoval(given(posted()))).toEqual({
      outcome: 'The comment has been removed.',
      events: [{ type: SocialEventType.CommentRemovedByOperator, data: ref }],
    });
    expect(decideOperatorRemoval(given(posted(), event(SocialEventType.CommentRemoved))).outcome).toBe('The removal has been confirmed.');
    expect(refusalOf(() => decideOperatorRemoval(given(posted(), event(SocialEventType.CommentRemovedByOperator))))).toEqual({
      code: 'invalid',
      message: 'An operator has already removed this comment.',
    });
  });

  it('restores only a removed comment, and the restoration closes its reports', () => {
    const removed = given(posted(), reported('r1', 1), event(SocialEventType.CommentRemoved));
    expect(decideRestoration(removed)).toEqual({ outcome: 'The comment has been restored.', events: [{ type: SocialEventType.CommentRestored, data: ref }] });
    expect(refusalOf(() => decideRestoration(given(posted())))).toEqual({ code: 'invalid', message: 'This comment is not removed.' });
    const restored = given(posted(), reported('r1', 1), event(SocialEventType.CommentRemoved), event(SocialEventType.CommentRestored));
    expect(restored).toMatchObject({ removed: false, removedBy: null, openReports: 0, reporters: ['r1'] });
  });

  it('takes no decision on a missing or deleted comment', () => {
    for (const decide of [decideDismissal, decideOperatorRemoval, decideRestoration]) {
      expect(refusalOf(() => decide(null))).toEqual({ code: 'not-found', message: 'Comment not found.' });
      expect(refusalOf(() => decide(given(posted(), event(SocialEventType.CommentDeleted))))).toEqual({ code: 'invalid', message: 'This comment has been deleted.' });
    }
  });
});
