import { type CommentEvent, SocialEventType } from '@shelf/contracts';
import { createHash } from 'node:crypto';
import { commenterRefusal, decidePost, type Posting, postRefusal } from './comment-posting';
import { type CommentState, foldComment } from './comment-state';

const event = (type: CommentEvent['type'], data: object = {}) =>
  ({ id: 'e', streamId: 'comment-p1', version: 0, type, data: { comment_id: 'p1', book_id: 1, chapter_id: 2, ...data }, metadata: { actor: 'x', correlationId: 'k', causationId: null }, occurredAt: '2026-11-23T10:00:00.000Z' }) as CommentEvent;
const parentPosted = () => event(SocialEventType.CommentPosted, { parent_comment_id: null, parent_user_id: null, user_id: 'parent-author', username: 'P', email_hash: 'h', comment_content: 'The comment replied to here.' });

/** Given the parent comment's history, when a reader posts, then this event (or this refusal). */
const given = (...history: CommentEvent[]): CommentState | null => foldComment(history.map((e, i) => ({ ...e, version: i + 1 })));

const TEXT = 'A perfectly fine new comment to post.';
const author = { userId: 'u1', username: 'Reader', email: ' R@Example.test ', emailVerified: true, suspension: null };
const post: Posting = {
  commentId: 'c1', author, book_id: 1, chapter_id: 2, parent_comment_id: null, comment_content: TEXT, bookFound: true, chapterFound: true, parent: null,
};
const reply: Posting = { ...post, parent_comment_id: 'p1', parent: given(parentPosted()) };
const posted = (data: object) => ({
  outcome: { ok: true, message: 'Your comment has been posted.', commentId: 'c1' },
  events: [{
    type: SocialEventType.CommentPosted,
    data: {
      comment_id: 'c1', book_id: 1, chapter_id: 2, parent_comment_id: null, parent_user_id: null, user_id: 'u1', username: 'Reader',
      email_hash: createHash('sha256').update('r@example.test').digest('hex'), comment_content: TEXT, ...data,
    },
  }],
});

describe('posting a comment', () => {
  it('posts a comment, or a reply naming the parent’s author, with the hash of the author’s address', () => {
    expect(decidePost(post, 0)).toEqual(posted({}));
    expect(decidePost(reply, 0)).toEqual(posted({ parent_comment_id: 'p1', parent_user_id: 'parent-author' }));
    expect(decidePost({ ...post, chapter_id: null, chapterFound: false }, 0)).toEqual(posted({ chapter_id: null }));
    expect(postRefusal(post)).toBeNull();
  });

  it('refuses a reader who is not verified or is suspended', () => {
    expect(decidePost({ ...post, author: null }, 0).outcome).toEqual({ ok: false, status: 403, message: 'Please log in and verify your email to comment.' });
    expect(decidePost({ ...reply, author: { ...author, emailVerified: false } }, 0).outcome).toEqual({ ok: false, status: 403, message: 'Please log in and verify your email to reply.' });
    expect(decidePost({ ...post, author: { ...author, suspension: { until: '2026-11-30T12:00:00.000Z', reason: 'Spam' } } }, 0)).toEqual({
      outcome: { ok: false, status: 403, message: 'You cannot post, edit or report comments until 2026-11-30 12:00 UTC: an operator suspended your commenting.' },
      events: [],
    });
  });

  it('refuses a bad text, a missing book or chapter, then a missing or faraway parent', () => {
    expect(decidePost({ ...post, comment_content: 'too short', bookFound: false }, 0).outcome).toEqual({ ok: false, status: 400, message: 'Your comment must have at least 5 words.' });
    expect(decidePost({ ...post, bookFound: false }, 0).outcome).toEqual({ ok: false, status: 404, message: 'Book not found.' });
    expect(decidePost({ ...post, chapterFound: false }, 0).outcome).toEqual({ ok: false, status: 404, message: 'Chapter not found.' });
    expect(decidePost({ ...reply, parent: null }, 0).outcome).toEqual({ ok: false, status: 404, message: 'The comment you are replying to was not found.' });
    expect(decidePost({ ...reply, chapter_id: 3 }, 0).outcome).toEqual({ ok: false, status: 400, message: 'You can only reply to a comment on the same page.' });
    expect(decidePost({ ...reply, book_id: 9 }, 0).events).toEqual([]);
  });

  it('refuses a reader still cooling down, after every other rule', () => {
    expect(decidePost(post, 12_500)).toEqual({ outcome: { ok: false, status: 429, message: 'Please wait for 13 seconds before commenting again.' }, events: [] });
    expect(decidePost({ ...post, bookFound: false }, 12_500).outcome).toMatchObject({ status: 404 });
  });
});

describe('who may write about comments', () => {
  it('lets a verified reader who is not suspended, and refuses the others with the message given', () => {
    expect(commenterRefusal(author, 'Log in.')).toBeNull();
    expect(commenterRefusal(null, 'Log in.')).toEqual({ outcome: { ok: false, status: 403, message: 'Log in.' }, events: [] });
    expect(commenterRefusal({ ...author, suspension: { until: null, reason: 'x' } }, 'Log in.')?.outcome).toEqual({
      ok: false, status: 403, message: 'You can no longer post, edit or report comments: an operator suspended your commenting.',
    });
  });
});
