import { type CommentPostedV1, countsAsUnread, type ReplyInboxReadModel, SocialEventType } from '@shelf/contracts';
import {
  countRead,
  countReply,
  countVisibility,
  emptyInbox,
  reduceReplyVisibility,
  replyEntry,
  replyRecipient,
  type ReplyVisibilityEvent,
} from './reply-inbox-reducers';

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

  it('counts a reply as unread unless it is older than the read mark, and a mark covers what came before it only', () => {
    const first = replyEntry(posted({}), 0);
    const inbox = { ...emptyInbox('u1'), ...countReply(emptyInbox('u1'), first, 0) };
    expect(inbox).toMatchObject({ count: 1, unread: 1, first_unread_page: 0 });
    const read = { ...inbox, ...countRead(inbox, '2026-11-22T10:00:01.000Z', [[first]], 0) };
    expect(read).toMatchObject({ unread: 0, first_unread_page: null, read_up_to: '2026-11-22T10:00:01.000Z' });
    // A reply posted before the mark but projected after it (another partition) is read already.
    const late = replyEntry(posted({ comment_id: 'r0' }, '2026-11-22T10:00:00.500Z'), 1);
    expect(countReply(read, late, 0)).toMatchObject({ count: 2, unread: 0, first_unread_page: null });
    const newer = replyEntry(posted({ comment_id: 'r2' }, '2026-11-22T10:00:02.000Z'), 2);
    const later = { ...read, ...countReply({ ...read, count: 2 }, newer, 0) };
    expect(later).toMatchObject({ count: 3, unread: 1, first_unread_page: 0 });
    // A second mark counts only what is newer than the first.
    expect(countRead(later, '2026-11-22T10:00:03.000Z', [[first, late, newer]], 0)).toMatchObject({ unread: 0, first_unread_page: null });
    expect(countRead(later, '2026-11-22T10:00:01.500Z', [[first, late, newer]], 0)).toMatchObject({ unread: 1, first_unread_page: 0 });
  });

  describe('a reply deleted, removed or restored', () => {
    const inboxWith = (...entries: ReturnType<typeof replyEntry>[]): ReplyInboxReadModel =>
      entries.reduce((inbox, entry) => ({ ...inbox, ...countReply(inbox, entry, 0) }), emptyInbox('u1'));

    it('leaves the unread count when unread, comes back when restored, and changes nothing applied again', () => {
      const reply = replyEntry(posted({}), 0);
      const inbox = inboxWith(reply);
      expect(inbox.unread).toBe(1);

      const deleted = reduceReplyVisibility(reply, change(SocialEventType.CommentDeleted, 3))!;
      expect(deleted).toMatchObject({ deleted: true, version: 3 });
      expect(countsAsUnread(deleted, null)).toBe(false);
      expect(countVisibility(inbox, reply, deleted, 0)).toEqual({ unread: 0, first_unread_page: 0 });
      expect(reduceReplyVisibility(deleted, change(SocialEventType.CommentDeleted, 3))).toBeNull();

      const removed = reduceReplyVisibility(reply, change(SocialEventType.CommentRemoved, 2))!;
      const afterRemoval = { ...inbox, ...countVisibility(inbox, reply, removed, 0) };
      expect(afterRemoval.unread).toBe(0);
      // An operator confirming the removal changes no count.
      const confirmed = reduceReplyVisibility(removed, change(SocialEventType.CommentRemovedByOperator, 3))!;
      expect(countVisibility(afterRemoval, removed, confirmed, 0)).toBeNull();
      const restored = reduceReplyVisibility(confirmed, change(SocialEventType.CommentRestored, 4))!;
      expect(restored).toMatchObject({ removed: false, version: 4 });
      expect(countVisibility({ ...afterRemoval, first_unread_page: null }, confirmed, restored, 2)).toEqual({ unread: 1, first_unread_page: 2 });
      // A deleted reply stays hidden whatever an operator restores.
      const deletedThenRestored = reduceReplyVisibility(reduceReplyVisibility(removed, change(SocialEventType.CommentDeleted, 3))!, change(SocialEventType.CommentRestored, 4))!;
      expect(countsAsUnread(deletedThenRestored, null)).toBe(false);
    });

    it('changes no count for a reply already read, and a read mark skips hidden replies', () => {
      const [first, second] = [replyEntry(posted({}), 0), replyEntry(posted({ comment_id: 'r2' }, '2026-11-22T10:00:05.000Z'), 1)];
      const inbox = inboxWith(first, second);
      const read = { ...inbox, ...countRead(inbox, '2026-11-22T10:00:01.000Z', [[first, second]], 0) };
      expect(read).toMatchObject({ unread: 1, first_unread_page: 0 });
      const firstDeleted = reduceReplyVisibility(first, change(SocialEventType.CommentDeleted, 2))!;
      expect(countVisibility(read, first, firstDeleted, 0)).toBeNull();

      const secondRemoved = reduceReplyVisibility(second, change(SocialEventType.CommentRemoved, 2, 'r2'))!;
      const hidden = { ...read, ...countVisibility(read, second, secondRemoved, 0) };
      expect(hidden.unread).toBe(0);
      // Marking read afterwards takes nothing off for the hidden reply: the count stays at 0, never below.
      expect(countRead(hidden, '2026-11-22T10:00:09.000Z', [[firstDeleted, secondRemoved]], 0)).toEqual({
        read_up_to: '2026-11-22T10:00:09.000Z',
        unread: 0,
        first_unread_page: null,
      });
    });
  });
});
