import { type CommentEvent, type ReportReason, SocialEventType } from '@shelf/contracts';
import { deciderSpec, foldStream, storedEvent } from '@test/decider-spec';
import { decideCommentLike, decideDelete, decideEdit, decideReport } from './comment-decisions';
import { foldComment, foldCommentLike } from './comment-state';

const ref = { comment_id: 'c1', book_id: 1, chapter_id: null };
const event = (type: CommentEvent['type'], data: object = {}) => storedEvent('comment-c1', type, { ...ref, ...data });
const posted = () =>
  event(SocialEventType.CommentPosted, { parent_comment_id: null, parent_user_id: null, user_id: 'author', username: 'A', email_hash: 'h', comment_content: 'The words as they were first written.' });
const reports = (count: number, reason: ReportReason | null = null) =>
  Array.from({ length: count }, (_, i) => event(SocialEventType.CommentReportedV2, { reporter_id: `r${i}`, report_count: i + 1, reason }));
const deleted = () => event(SocialEventType.CommentDeleted);
const removed = () => event(SocialEventType.CommentRemoved);
const TEXT = 'A perfectly fine new text for this comment.';

const edit = deciderSpec(foldStream(foldComment), (comment, { by, text }: { by: string; text: string }) => decideEdit(comment, by, text));
const remove = deciderSpec(foldStream(foldComment), (comment, by: string) => decideDelete(comment, by));
const report = deciderSpec(foldStream(foldComment), (comment, { by, reason }: { by: string; reason?: ReportReason }) => decideReport(comment, by, reason));
const like = deciderSpec(foldStream(foldComment), decideCommentLike);
/** Whether the reader's like stream of the comment, of these events, ends liked. */
const likedAfter = (...types: CommentEvent['type'][]) => foldCommentLike(types.map((type) => event(type, { user_id: 'u' })));

describe('editing a comment', () => {
  it('edits with the new text', () =>
    edit.given(posted()).when({ by: 'author', text: TEXT }).then([{ type: SocialEventType.CommentEdited, data: { ...ref, comment_content: TEXT } }], 'Your comment has been edited.'));

  it('appends nothing for an edit to the text it has', () =>
    edit.given(posted(), event(SocialEventType.CommentEdited, { comment_content: TEXT })).when({ by: 'author', text: TEXT }).then([], 'Your comment has been edited.'));

  it('appends nothing for an edit to the text first written', () => edit.given(posted()).when({ by: 'author', text: 'The words as they were first written.' }).then([]));

  it('lets only the author edit', () => edit.given(posted()).when({ by: 'someone', text: TEXT }).thenRefuses('forbidden', 'You can only edit your own comment.'));

  it('refuses a text of fewer than five words', () => edit.given(posted()).when({ by: 'author', text: 'too short' }).thenRefuses('invalid', 'Your comment must have at least 5 words.'));

  it('refuses a missing comment', () => edit.given().when({ by: 'author', text: TEXT }).thenRefuses('not-found', 'Comment not found.'));

  it('refuses a deleted comment', () => edit.given(posted(), deleted()).when({ by: 'author', text: TEXT }).thenRefuses('invalid', 'This comment has been deleted.'));

  it('refuses a comment an operator removed', () =>
    edit.given(posted(), event(SocialEventType.CommentRemovedByOperator)).when({ by: 'author', text: TEXT }).thenRefuses('invalid', 'This comment has been removed.'));
});

describe('deleting a comment', () => {
  it('deletes the author’s comment', () => remove.given(posted()).when('author').then([{ type: SocialEventType.CommentDeleted, data: ref }], 'Your comment has been deleted.'));

  it('lets only the author delete', () => remove.given(posted()).when('someone').thenRefuses('forbidden', 'You can only delete your own comment.'));

  it('deletes once', () => remove.given(posted(), deleted()).when('author').thenRefuses('invalid', 'This comment has been deleted.'));

  it('refuses a comment its reports removed', () => remove.given(posted(), removed()).when('author').thenRefuses('invalid', 'This comment has been removed.'));

  it('refuses a missing comment', () => remove.given().when('author').thenRefuses('not-found', 'Comment not found.'));
});

describe('reporting a comment', () => {
  it('takes a report with its reason, and thanks the reader', () =>
    report
      .given(posted())
      .when({ by: 'r1', reason: 'spam' })
      .then([{ type: SocialEventType.CommentReportedV2, data: { ...ref, reporter_id: 'r1', report_count: 1, reason: 'spam' } }], 'Thank you. The comment has been reported.'));

  it('counts the ninth report, and removes nothing yet', () =>
    report.given(posted(), ...reports(8)).when({ by: 'r9', reason: 'spam' }).then([{ type: SocialEventType.CommentReportedV2, data: { ...ref, reporter_id: 'r9', report_count: 9, reason: 'spam' } }]));

  it('removes the comment at the tenth open report', () =>
    report.given(posted(), ...reports(9)).when({ by: 'r9' }).then([
      { type: SocialEventType.CommentReportedV2, data: { ...ref, reporter_id: 'r9', report_count: 10, reason: null } },
      { type: SocialEventType.CommentRemoved, data: ref },
    ]));

  it('counts toward removal only the reports since the last dismissal', () =>
    report
      .given(posted(), ...reports(9), event(SocialEventType.CommentReportsDismissed, { dismissed_reports: 9 }))
      .when({ by: 'r10' })
      .then([{ type: SocialEventType.CommentReportedV2, data: { ...ref, reporter_id: 'r10', report_count: 1, reason: null } }]));

  it('refuses the author’s report of their own comment', () => report.given(posted()).when({ by: 'author' }).thenRefuses('forbidden', 'You cannot report your own comment.'));

  it('takes one report per reader', () => report.given(posted(), ...reports(1)).when({ by: 'r0' }).thenRefuses('invalid', 'You have already reported this comment.'));

  it('refuses a missing comment', () => report.given().when({ by: 'r1' }).thenRefuses('not-found', 'Comment not found.'));

  it('refuses a deleted comment', () => report.given(posted(), deleted()).when({ by: 'r1' }).thenRefuses('invalid', 'This comment has been deleted.'));

  it('refuses a removed comment', () => report.given(posted(), removed()).when({ by: 'r1' }).thenRefuses('invalid', 'This comment has been removed.'));
});

describe('liking a comment', () => {
  it('likes a comment the reader does not like yet', () =>
    like.given(posted()).when({ userId: 'u', like: true, likedBefore: likedAfter() }).then([{ type: SocialEventType.CommentLiked, data: { ...ref, user_id: 'u' } }], 'You like this comment.'));

  it('unlikes a liked comment', () =>
    like
      .given(posted())
      .when({ userId: 'u', like: false, likedBefore: likedAfter(SocialEventType.CommentLiked) })
      .then([{ type: SocialEventType.CommentUnliked, data: { ...ref, user_id: 'u' } }], 'You no longer like this comment.'));

  it('appends nothing for a like of a liked comment', () => like.given(posted()).when({ userId: 'u', like: true, likedBefore: true }).then([], 'You like this comment.'));

  it('appends nothing for an unlike of a like taken back', () =>
    like.given(posted()).when({ userId: 'u', like: false, likedBefore: likedAfter(SocialEventType.CommentLiked, SocialEventType.CommentUnliked) }).then([], 'You no longer like this comment.'));

  it('refuses a like of a deleted comment', () => like.given(posted(), deleted()).when({ userId: 'u', like: true, likedBefore: false }).thenRefuses('invalid', 'This comment has been deleted.'));

  it('refuses a like of a removed comment', () => like.given(posted(), removed()).when({ userId: 'u', like: true, likedBefore: false }).thenRefuses('invalid', 'This comment has been removed.'));

  it('lets a like of a deleted comment be taken back', () =>
    like.given(posted(), deleted()).when({ userId: 'u', like: false, likedBefore: true }).then([{ type: SocialEventType.CommentUnliked, data: { ...ref, user_id: 'u' } }]));

  it('refuses a missing comment', () => like.given().when({ userId: 'u', like: true, likedBefore: false }).thenRefuses('not-found', 'Comment not found.'));
});
