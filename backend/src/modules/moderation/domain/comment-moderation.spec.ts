import { type CommentEvent, SocialEventType } from '@shelf/contracts';
import { deciderSpec, foldStream, storedEvent } from '@test/decider-spec';
import { foldComment } from '../../comments/domain/comment-state';
import { decideDismissal, decideOperatorRemoval, decideRestoration } from './comment-moderation';

const ref = { comment_id: 'c1', book_id: 1, chapter_id: 2 };
const event = (type: CommentEvent['type'], data: object = {}) => storedEvent('comment-c1', type, { ...ref, ...data });
const posted = () => event(SocialEventType.CommentPosted, { parent_comment_id: null, parent_user_id: null, user_id: 'author', username: 'A', email_hash: 'h', comment_content: 'Some words of a comment.' });
const reported = (by: string, count: number) => event(SocialEventType.CommentReportedV2, { reporter_id: by, report_count: count, reason: null });
const removedByReports = () => event(SocialEventType.CommentRemoved);

const comment = foldStream(foldComment);
const dismiss = deciderSpec(comment, decideDismissal);
const remove = deciderSpec(comment, decideOperatorRemoval);
const restore = deciderSpec(comment, decideRestoration);

describe('an operator dismissing a comment’s reports', () => {
  it('dismisses the open reports', () =>
    dismiss
      .given(posted(), reported('r1', 1), reported('r2', 2))
      .when()
      .then([{ type: SocialEventType.CommentReportsDismissed, data: { ...ref, dismissed_reports: 2 } }], 'The reports have been dismissed.'));

  it('refuses a comment with no reports', () => dismiss.given(posted()).when().thenRefuses('invalid', 'There are no open reports to dismiss.'));

  it('refuses a comment whose reports were dismissed', () =>
    dismiss.given(posted(), reported('r1', 1), event(SocialEventType.CommentReportsDismissed, { dismissed_reports: 1 })).when().thenRefuses('invalid', 'There are no open reports to dismiss.'));

  it('refuses a removed comment', () =>
    dismiss.given(posted(), reported('r1', 1), removedByReports()).when().thenRefuses('invalid', 'This comment is removed: restore it, or keep it removed.'));
});

describe('an operator removing a comment', () => {
  it('removes a shown comment', () => remove.given(posted()).when().then([{ type: SocialEventType.CommentRemovedByOperator, data: ref }], 'The comment has been removed.'));

  it('confirms a removal by reports', () => remove.given(posted(), removedByReports()).when().thenAnswers('The removal has been confirmed.'));

  it('refuses a second removal', () =>
    remove.given(posted(), event(SocialEventType.CommentRemovedByOperator)).when().thenRefuses('invalid', 'An operator has already removed this comment.'));
});

describe('an operator restoring a comment', () => {
  it('restores a removed comment', () =>
    restore.given(posted(), reported('r1', 1), removedByReports()).when().then([{ type: SocialEventType.CommentRestored, data: ref }], 'The comment has been restored.'));

  it('refuses a comment that is not removed', () => restore.given(posted()).when().thenRefuses('invalid', 'This comment is not removed.'));

  it('closes the comment’s reports', () =>
    expect(comment(posted(), reported('r1', 1), removedByReports(), event(SocialEventType.CommentRestored))).toMatchObject({
      removed: false,
      removedBy: null,
      openReports: 0,
      reporters: ['r1'],
    }));
});

describe.each([
  ['dismissing reports', dismiss],
  ['removing', remove],
  ['restoring', restore],
])('an operator %s', (_, decider) => {
  it('refuses a missing comment', () => decider.given().when().thenRefuses('not-found', 'Comment not found.'));

  it('refuses a deleted comment', () => decider.given(posted(), event(SocialEventType.CommentDeleted)).when().thenRefuses('invalid', 'This comment has been deleted.'));
});
