import { type CommentPostedV1, isUnread, SocialEventType } from '@shelf/contracts';
import { emptyInbox, recordRead, recordReply, replyRecipient } from './reply-inbox-reducers';

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

  it('records a reply once, and a mark-read covers what came before it only', () => {
    const once = recordReply(emptyInbox('u1'), posted({}));
    expect(recordReply(once, posted({}))).toBe(once);
    const read = recordRead(once, '2026-11-22T10:00:01.000Z');
    expect(recordRead(read, '2026-11-22T09:00:00.000Z')).toBe(read);
    expect(isUnread(read.replies.kr1, read.read_up_to)).toBe(false);
    const later = recordReply(read, posted({ comment_id: 'r2' }, '2026-11-22T10:00:02.000Z'));
    expect(Object.values(later.replies).filter((reply) => isUnread(reply, later.read_up_to))).toHaveLength(1);
  });
});
