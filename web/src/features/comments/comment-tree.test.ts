import { describe, expect, it } from 'vitest';
import { comment } from '../../test/comments';
import { buildCommentTree, commentState, holdsReply, indentLevel, MAX_INDENT_LEVEL, replyCount, replyToLine, shownAuthor, shownText } from './comment-tree';

describe('buildCommentTree', () => {
  it('puts replies under their parents at increasing levels, keeping the list order among siblings', () => {
    const tree = buildCommentTree([
      comment({ comment_id: 'b' }),
      comment({ comment_id: 'a1', parent_comment_id: 'a' }),
      comment({ comment_id: 'a' }),
      comment({ comment_id: 'a2', parent_comment_id: 'a' }),
      comment({ comment_id: 'a1x', parent_comment_id: 'a1' }),
    ]);
    expect(tree.map((node) => node.comment.comment_id)).toEqual(['b', 'a']);
    const a = tree[1];
    expect(a.level).toBe(0);
    expect(a.parent).toBeNull();
    expect(a.replies.map((node) => [node.comment.comment_id, node.level, node.parent?.comment_id])).toEqual([
      ['a1', 1, 'a'],
      ['a2', 1, 'a'],
    ]);
    expect(a.replies[0].replies[0]).toMatchObject({ level: 2, parent: { comment_id: 'a1' } });
    expect(replyCount(a)).toBe(3);
    expect([holdsReply(a, 'a1x'), holdsReply(a, 'a2'), holdsReply(a, 'a'), holdsReply(a, 'b')]).toEqual([true, true, false, false]);
  });

  it('shows a reply whose parent is not in the list at the top level', () => {
    const tree = buildCommentTree([comment({ comment_id: 'orphan', parent_comment_id: 'gone' })]);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ level: 0, parent: null });
  });

  it('goes as deep as the replies do, while the indentation stops at level 5', () => {
    const chain = Array.from({ length: 8 }, (_, i) => comment({ comment_id: `c${i}`, parent_comment_id: i === 0 ? null : `c${i - 1}` }));
    let node = buildCommentTree(chain)[0];
    const levels = [node.level];
    while (node.replies.length) {
      node = node.replies[0];
      levels.push(node.level);
    }
    expect(levels).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(MAX_INDENT_LEVEL).toBe(5);
    expect(levels.map(indentLevel)).toEqual([0, 1, 2, 3, 4, 5, 5, 5]);
  });
});

describe('comment display', () => {
  it("shows a normal comment as written and names its author in a reply's 'Reply to:' line", () => {
    const parent = comment({ comment_id: 'p', username: 'Lin' });
    expect(commentState(parent)).toBe('normal');
    expect(shownText(parent)).toBe('Text of p');
    expect(replyToLine(parent)).toBe('Reply to: Lin');
  });

  it('shows a deleted comment and a deleted parent as [deleted]', () => {
    const deleted = comment({ comment_id: 'd', deleted_comment: true, username: '[deleted]', comment_content: '[deleted]' });
    expect(commentState(deleted)).toBe('deleted');
    expect(shownAuthor(deleted)).toBe('[deleted]');
    expect(shownText(deleted)).toBe('[deleted]');
    expect(replyToLine(deleted)).toBe('Reply to: [deleted]');
  });

  it('shows a comment with 10 or more reports as [removed] with the removal text, also in the Reply to: line', () => {
    const removed = comment({ comment_id: 'r', report_count: 10, username: 'Lin', comment_content: 'was here' });
    expect(commentState(comment({ comment_id: 'x', report_count: 9 }))).toBe('normal');
    expect(commentState(removed)).toBe('removed');
    expect(shownAuthor(removed)).toBe('[removed]');
    expect(shownText(removed)).toBe('This comment has been removed due to numerous reports.');
    expect(replyToLine(removed)).toBe('Reply to: [removed]');
  });
});
