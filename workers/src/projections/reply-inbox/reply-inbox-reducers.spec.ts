import { type CommentPostedV1, SocialEventType } from '@shelf/contracts';
import { countRead, countReply, emptyInbox, replyEntry, replyRecipient } from './reply-inbox-reducers';

const posted = (over: Partial<CommentPostedV1['data']>, occurredAt = '2026-11-22T10:00:00.000Z'): CommentPostedV1 => ({
  id: 'e1', streamId: 'comment-r1', version: 1, type: SocialEventType.CommentPosted, occurredAt,
  metadata: { actor: 'u2', correlationId: 'c', causationId: null },
  data: {
    comment_id: 'r1', book_id: 1, chapter_id: null, parent_comment_id: 'p1', parent_user_id: 'u1', user_id: 'u2',
    username: 'Bob', email_hash: 'h', comment_content: 'text', ...over,
  },
});

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
});
