import { type CommentPostedV1, countsAsUnread, SocialEventType } from '@shelf/contracts';
import { laterMark, reduceReplyVisibility, replyEntry, replyRecipient, type ReplyVisibilityEvent } from './reply-inbox-reducers';

const posted = (over: Partial<CommentPostedV1['data']>, occurredAt = '2026-11-22T10:00:00.000Z'): CommentPostedV1 => ({
  id: 'e1', streamId: 'comment-r1', version: 1, type: SocialEventType.CommentPosted, occurredAt,
  metadata: { actor: 'u2', correlationId: 'c', causationId: null },
  data: {
    comment_id: 'r1', book_id: 1, chapter_id: null, parent_comment_id: 'p1', parent_user_id: 'u1', user_id: 'u2',
    username: 'Bob', email_hash: 'h', comment_content: 'text', ...over,
  },
});

const change = (type: ReplyVisibilityEvent['type'], version: number, commentId = 'r1'): ReplyVisibilityEvent =>
  ({
    id: `v${version}${commentId}`, streamId: `comment-${commentId}`, version, type, occurredAt: '2026-11-22T11:00:00.000Z',
    metadata: { actor: 'u2', correlationId: 'c', causationId: null },
    data: { comment_id: commentId, book_id: 1, chapter_id: null },
  }) as ReplyVisibilityEvent;

describe('reply inbox reducers', () => {
  it("notifies the parent's author, never oneself and never for a top-level comment", () => {
    expect(replyRecipient(posted({}))).toBe('u1');
    expect(replyRecipient(posted({ user_id: 'u1' }))).toBeNull();
    expect(replyRecipient(posted({ parent_comment_id: null, parent_user_id: null }))).toBeNull();
  });

  it('keeps the posting in the log with the entry, and counts a reply as unread after the read mark only', () => {
    const place = { partition: 3, seq: 41 };
    const entry = replyEntry(posted({}), place);
    expect(entry).toMatchObject({ comment_id: 'r1', parent_comment_id: 'p1', comment_time: '2026-11-22T10:00:00.000Z', version: 1, place });
    expect(replyEntry(posted({})).place).toBeUndefined();
    expect(countsAsUnread(entry, null)).toBe(true);
    expect(countsAsUnread(entry, '2026-11-22T09:59:59.999Z')).toBe(true);
    expect(countsAsUnread(entry, '2026-11-22T10:00:00.000Z')).toBe(false);
  });

  it('moves a read mark on, never back, whatever order marks are applied in', () => {
    expect(laterMark(null, '2026-11-22T10:00:00.000Z')).toBe('2026-11-22T10:00:00.000Z');
    expect(laterMark('2026-11-22T10:00:00.000Z', '2026-11-22T10:00:01.000Z')).toBe('2026-11-22T10:00:01.000Z');
    expect(laterMark('2026-11-22T10:00:01.000Z', '2026-11-22T10:00:00.000Z')).toBeNull();
    expect(laterMark('2026-11-22T10:00:01.000Z', '2026-11-22T10:00:01.000Z')).toBeNull();
  });

  it('marks a reply deleted, removed or restored once, and a deleted one stays hidden whatever an operator restores', () => {
    const reply = replyEntry(posted({}));
    const deleted = reduceReplyVisibility(reply, change(SocialEventType.CommentDeleted, 3))!;
    expect(deleted).toMatchObject({ deleted: true, version: 3 });
    expect(countsAsUnread(deleted, null)).toBe(false);
    expect(reduceReplyVisibility(deleted, change(SocialEventType.CommentDeleted, 3))).toBeNull();

    const removed = reduceReplyVisibility(reply, change(SocialEventType.CommentRemoved, 2))!;
    expect(countsAsUnread(removed, null)).toBe(false);
    const confirmed = reduceReplyVisibility(removed, change(SocialEventType.CommentRemovedByOperator, 3))!;
    expect(confirmed).toMatchObject({ removed: true, version: 3 });
    const restored = reduceReplyVisibility(confirmed, change(SocialEventType.CommentRestored, 4))!;
    expect(restored).toMatchObject({ removed: false, version: 4 });
    expect(countsAsUnread(restored, null)).toBe(true);
    const deletedThenRestored = reduceReplyVisibility(reduceReplyVisibility(removed, change(SocialEventType.CommentDeleted, 3))!, change(SocialEventType.CommentRestored, 4))!;
    expect(countsAsUnread(deletedThenRestored, null)).toBe(false);
  });
});
