import { type CommentEvent, SocialEventType } from '@shelf/contracts';
import { refusalOf } from '../../../domain/refusal-of';
import { decideCommentLike, decideDelete, decideEdit, decideReport } from './comment-decisions';
import { type CommentState, foldComment, foldCommentLike } from './comment-state';

const comment: CommentState = {
  commentId: 'c1', bookId: 1, chapterId: null, userId: 'author', content: 'The words as they were first written.',
  deleted: false, removed: false, removedBy: null, reporters: [], openReports: 0, version: 1,
};
const TEXT = 'A perfectly fine new text for this comment.';

describe('comment decisions', () => {
  it('lets only the author edit or delete, and not once deleted or removed', () => {
    expect(refusalOf(() => decideEdit(comment, 'someone', TEXT))).toEqual({ code: 'forbidden', message: 'You can only edit your own comment.' });
    expect(refusalOf(() => decideDelete(comment, 'someone'))).toEqual({ code: 'forbidden', message: 'You can only delete your own comment.' });
    expect(refusalOf(() => decideEdit({ ...comment, deleted: true }, 'author', TEXT))).toEqual({ code: 'invalid', message: 'This comment has been deleted.' });
    expect(refusalOf(() => decideDelete({ ...comment, removed: true }, 'author'))).toEqual({ code: 'invalid', message: 'This comment has been removed.' });
    expect(refusalOf(() => decideEdit(null, 'author', TEXT))).toMatchObject({ code: 'not-found' });
    expect(refusalOf(() => decideEdit(comment, 'author', 'too short'))).toEqual({ code: 'invalid', message: 'Your comment must have at least 5 words.' });
    expect(decideEdit(comment, 'author', comment.content).events).toEqual([]);
    expect(decideEdit(comment, 'author', TEXT).events).toEqual([
      { type: SocialEventType.CommentEdited, data: { comment_id: 'c1', book_id: 1, chapter_id: null, comment_content: TEXT } },
    ]);
  });

  it('takes one report per reader, none from the author, and removes at the tenth', () => {
    expect(refusalOf(() => decideReport(comment, 'author'))).toMatchObject({ code: 'forbidden' });
    expect(refusalOf(() => decideReport({ ...comment, reporters: ['r1'] }, 'r1'))).toEqual({ code: 'invalid', message: 'You have already reported this comment.' });
    const ninth = { ...comment, reporters: ['1', '2', '3', '4', '5', '6', '7', '8'], openReports: 8 };
    expect(decideReport(ninth, 'r9', 'spam').events).toEqual([
      { type: SocialEventType.CommentReportedV2, data: { comment_id: 'c1', book_id: 1, chapter_id: null, reporter_id: 'r9', report_count: 9, reason: 'spam' } },
    ]);
    const tenth = { ...ninth, reporters: [...ninth.reporters, 'r9'], openReports: 9 };
    expect(decideReport(tenth, 'r10').events.map((event) => event.type)).toEqual([SocialEventType.CommentReportedV2, SocialEventType.CommentRemoved]);
  });

  it('counts toward removal only the reports since the last dismissal', () => {
    const dismissed = { ...comment, reporters: ['1', '2', '3', '4', '5', '6', '7', '8', '9'], openReports: 0 };
    const { events } = decideReport(dismissed, 'r10');
    expect(events).toEqual([expect.objectContaining({ type: SocialEventType.CommentReportedV2, data: expect.objectContaining({ report_count: 1, reason: null }) })]);
  });

  it('likes once, and lets a like of a deleted comment be taken back but not given', () => {
    expect(decideCommentLike(comment, true, true, 'u').events).toEqual([]);
    expect(decideCommentLike(comment, false, true, 'u').events).toHaveLength(1);
    expect(refusalOf(() => decideCommentLike({ ...comment, deleted: true }, false, true, 'u'))).toMatchObject({ code: 'invalid' });
    expect(decideCommentLike({ ...comment, deleted: true }, true, false, 'u').events).toHaveLength(1);
  });
});

const ref = { comment_id: 'c1', book_id: 1, chapter_id: null };
const event = (type: CommentEvent['type'], data: object = {}) =>
  ({ id: 'e', streamId: 'comment-c1', version: 0, type, data: { ...ref, ...data }, metadata: { actor: 'x', correlationId: 'k', causationId: null }, occurredAt: '2026-11-23T10:00:00.000Z' }) as CommentEvent;
const posted = () => event(SocialEventType.CommentPosted, { parent_comment_id: null, parent_user_id: null, user_id: 'author', username: 'A', email_hash: 'h', comment_content: comment.content });

/** Given the comment's history, when a reader decides, then these events (or this refusal). */
const given = (...history: CommentEvent[]): CommentState | null => foldComment(history.map((e, i) => ({ ...e, version: i + 1 })));
const likedAfter = (...types: CommentEvent['type'][]) => foldCommentLike(types.map((type) => event(type, { user_id: 'u' })));

describe('comment decisions, given the comment’s history', () => {
  it('edits with the new text, and an edit to the same text appends nothing', () => {
    const edited = given(posted(), event(SocialEventType.CommentEdited, { comment_content: TEXT }));
    expect(decideEdit(edited, 'author', TEXT)).toEqual({ outcome: 'Your comment has been edited.', events: [] });
    expect(decideEdit(given(posted()), 'author', TEXT).outcome).toBe('Your comment has been edited.');
    expect(refusalOf(() => decideEdit(given(), 'author', TEXT))).toEqual({ code: 'not-found', message: 'Comment not found.' });
    expect(refusalOf(() => decideEdit(given(posted(), event(SocialEventType.CommentRemovedByOperator)), 'author', TEXT))).toEqual({ code: 'invalid', message: 'This comment has been removed.' });
  });

  it('deletes the author’s comment once', () => {
    expect(decideDelete(given(posted()), 'author')).toEqual({
      outcome: 'Your comment has been deleted.',
      events: [{ type: SocialEventType.CommentDeleted, data: ref }],
    });
    expect(refusalOf(() => decideDelete(given(posted(), event(SocialEventType.CommentDeleted)), 'author'))).toEqual({ code: 'invalid', message: 'This comment has been deleted.' });
    expect(refusalOf(() => decideDelete(given(), 'author'))).toEqual({ code: 'not-found', message: 'Comment not found.' });
  });

  it('takes a report with its answer, and none of a missing, deleted or removed comment', () => {
    expect(decideReport(given(posted()), 'r1', 'spam')).toEqual({
      outcome: 'Thank you. The comment has been reported.',
      events: [{ type: SocialEventType.CommentReportedV2, data: { ...ref, reporter_id: 'r1', report_count: 1, reason: 'spam' } }],
    });
    expect(refusalOf(() => decideReport(given(posted()), 'author'))).toEqual({ code: 'forbidden', message: 'You cannot report your own comment.' });
    expect(refusalOf(() => decideReport(given(), 'r1'))).toEqual({ code: 'not-found', message: 'Comment not found.' });
    expect(refusalOf(() => decideReport(given(posted(), event(SocialEventType.CommentDeleted)), 'r1'))).toEqual({ code: 'invalid', message: 'This comment has been deleted.' });
    expect(refusalOf(() => decideReport(given(posted(), event(SocialEventType.CommentRemoved)), 'r1'))).toEqual({ code: 'invalid', message: 'This comment has been removed.' });
    const reports = Array.from({ length: 9 }, (_, i) => event(SocialEventType.CommentReportedV2, { reporter_id: `r${i}`, report_count: i + 1, reason: null }));
    expect(decideReport(given(posted(), ...reports), 'r9').events).toEqual([
      { type: SocialEventType.CommentReportedV2, data: { ...ref, reporter_id: 'r9', report_count: 10, reason: null } },
      { type: SocialEventType.CommentRemoved, data: ref },
    ]);
  });

  it('likes and unlikes a comment, given the reader’s like stream', () => {
    const shown = given(posted());
    expect(decideCommentLike(shown, likedAfter(), true, 'u')).toEqual({
      outcome: 'You like this comment.',
      events: [{ type: SocialEventType.CommentLiked, data: { ...ref, user_id: 'u' } }],
    });
    expect(decideCommentLike(shown, likedAfter(SocialEventType.CommentLiked), false, 'u')).toEqual({
      outcome: 'You no longer like this comment.',
      events: [{ type: SocialEventType.CommentUnliked, data: { ...ref, user_id: 'u' } }],
    });
    expect(decideCommentLike(shown, likedAfter(SocialEventType.CommentLiked, SocialEventType.CommentUnliked), false, 'u')).toEqual({
      outcome: 'You no longer like this comment.',
      events: [],
    });
    expect(refusalOf(() => decideCommentLike(given(), false, true, 'u'))).toEqual({ code: 'not-found', message: 'Comment not found.' });
    expect(refusalOf(() => decideCommentLike(given(posted(), event(SocialEventType.CommentRemoved)), false, true, 'u'))).toEqual({ code: 'invalid', message: 'This comment has been removed.' });
  });
});
