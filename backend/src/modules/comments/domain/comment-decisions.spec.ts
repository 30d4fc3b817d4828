import { SocialEventType } from '@shelf/contracts';
import { decideCommentLike, decideDelete, decideEdit, decideReport } from './comment-decisions';
import type { CommentState } from './comment-state';

const comment: CommentState = {
  commentId: 'c1', bookId: 1, chapterId: null, userId: 'author', content: 'The words as they were first written.',
  deleted: false, removed: false, removedBy: null, reporters: [], openReports: 0, version: 1,
};
const TEXT = 'A perfectly fine new text for this comment.';

describe('comment decisions', () => {
  it('lets only the author edit or delete, and not once deleted or removed', () => {
    expect(decideEdit(comment, 'someone', TEXT).outcome).toEqual({ ok: false, status: 403, message: 'You can only edit your own comment.' });
    expect(decideDelete(comment, 'someone').outcome).toEqual({ ok: false, status: 403, message: 'You can only delete your own comment.' });
    expect(decideEdit({ ...comment, deleted: true }, 'author', TEXT).outcome).toMatchObject({ ok: false, message: 'This comment has been deleted.' });
    expect(decideDelete({ ...comment, removed: true }, 'author').outcome).toMatchObject({ ok: false, message: 'This comment has been removed.' });
    expect(decideEdit(null, 'author', TEXT).outcome).toMatchObject({ ok: false, status: 404 });
    expect(decideEdit(comment, 'author', 'too short').outcome).toMatchObject({ ok: false, message: 'Your comment must have at least 5 words.' });
    expect(decideEdit(comment, 'author', comment.content).events).toEqual([]);
    expect(decideEdit(comment, 'author', TEXT).events).toEqual([
      { type: SocialEventType.CommentEdited, data: { comment_id: 'c1', book_id: 1, chapter_id: null, comment_content: TEXT } },
    ]);
  });

  it('takes one report per reader, none from the author, and removes at the tenth', () => {
    expect(decideReport(comment, 'author').outcome).toMatchObject({ ok: false, status: 403 });
    expect(decideReport({ ...comment, reporters: ['r1'] }, 'r1').outcome).toMatchObject({ ok: false, message: 'You have already reported this comment.' });
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
    expect(decideCommentLike({ ...comment, deleted: true }, false, true, 'u').outcome).toMatchObject({ ok: false });
    expect(decideCommentLike({ ...comment, deleted: true }, true, false, 'u').events).toHaveLength(1);
  });
});
