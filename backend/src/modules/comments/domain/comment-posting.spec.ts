import { type CommentEvent, SocialEventType } from '@shelf/contracts';
import { createHash } from 'node:crypto';
import { refusalOf } from '../../../domain/refusal-of';
import { decidePost, type Posting, refuseNonCommenter, refuseUnpostable } from './comment-posting';
import { type CommentState, foldComment } from './comment-state';

const event = (type: CommentEvent['type'], data: object = {}) =>
  ({ id: 'e', streamId: 'comment-p1', version: 0, type, data: { comment_id: 'p1', book_id: 1, chapter_id: 2, ...data }, metadata: { actor: 'x', correlationId: 'k', causationId: null }, occurredAt: '2026-11-23T10:00:00.000Z' }) as CommentEvent;
const parentPosted = () => event(SocialEventType.CommentPosted, { parent_comment_id: null, parent_user_id: null, user_id: 'parent-author', username: 'P', email_hash: 'h', comment_content: 'The comment replied to here.' });

/** Given the parent comment's history, when a reader posts, then this event (or this refusal). */
const given = (...history: CommentEvent[]): CommentState | null => foldComment(history.map((e, i) => ({ ...e, version: i + 1 })));

const TEXT = 'A perfectly fine new comment to post.';
const author = { userId: 'u1', username: 'Reader', email: ' R@Example.test ', emailVerified: true, suspension: null };
const post: Posting = {
  commentId: 'c1', author, book_id: 1, chapter_id: 2, parent_comment_id: null, comment_content: TEXT, bookFound: true, chapterFound: true, parent: null, blockedByParentAuthor: false,
};
const reply: Posting = { ...post, parent_comment_id: 'p1', parent: given(parentPosted()) };
const posted = (data: object) => ({
  outcome: { message: 'Your comment has been posted.', commentId: 'c1' },
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
    expect(refusalOf(() => refuseUnpostable(post))).toBeNull();
  });

  it('refuses a reader who is not verified or is suspended', () => {
    expect(refusalOf(() => decidePost({ ...post, author: null }, 0))).toEqual({ code: 'forbidden', message: 'Please log in and verify your email to comment.' });
    expect(refusalOf(() => decidePost({ ...reply, author: { ...author, emailVerified: false } }, 0))).toEqual({ code: 'forbidden', message: 'Please log in and verify your email to reply.' });
    expect(refusalOf(() => decidePost({ ...post, author: { ...author, suspension: { until: '2026-11-30T12:00:00.000Z', reason: 'Spam' } } }, 0))).toEqual({
      code: 'forbidden',
      message: 'You cannot post, edit or report comments until 2026-11-30 12:00 UTC: an operator suspended your commenting.',
    });
  });

  it('refuses a bad text, a missing book or chapter, then a missing or faraway parent', () => {
    expect(refusalOf(() => decidePost({ ...post, comment_content: 'too short', bookFound: false }, 0))).toEqual({ code: 'invalid', message: 'Your comment must have at least 5 words.' });
    expect(refusalOf(() => decidePost({ ...post, bookFound: false }, 0))).toEqual({ code: 'not-found', message: 'Book not found.' });
    expect(refusalOf(() => decidePost({ ...post, chapterFound: false }, 0))).toEqual({ code: 'not-found', message: 'Chapter not found.' });
    expect(refusalOf(() => decidePost({ ...reply, parent: null }, 0))).toEqual({ code: 'not-found', message: 'The comment you are replying to was not found.' });
    expect(refusalOf(() => decidePost({ ...reply, chapter_id: 3 }, 0))).toEqual({ code: 'invalid', message: 'You can only reply to a comment on the same page.' });
    expect(refusalOf(() => decidePost({ ...reply, book_id: 9 }, 0))).toMatchObject({ code: 'invalid' });
  });

  it('refuses a reply to a comment whose author blocked the reader, and nothing else', () => {
    expect(refusalOf(() => decidePost({ ...reply, blockedByParentAuthor: true }, 0))).toEqual({ code: 'forbidden', message: 'You cannot reply to this comment: its author has blocked you.' });
    expect(refusalOf(() => decidePost({ ...reply, blockedByParentAuthor: true, comment_content: 'too short' }, 0))).toMatchObject({ code: 'invalid' });
    expect(decidePost({ ...post, blockedByParentAuthor: false }, 0)).toEqual(posted({}));
  });

  it('refuses a reader still cooling down, after every other rule', () => {
    expect(refusalOf(() => decidePost(post, 12_500))).toEqual({ code: 'too-many', message: 'Please wait for 13 seconds before commenting again.' });
    expect(refusalOf(() => decidePost({ ...post, bookFound: false }, 12_500))).toMatchObject({ code: 'not-found' });
  });
});

describe('who may write about comments', () => {
  it('lets a verified reader who is not suspended, and refuses the others with the message given', () => {
    expect(refusalOf(() => refuseNonCommenter(author, 'Log in.'))).toBeNull();
    expect(refusalOf(() => refuseNonCommenter(null, 'Log in.'))).toEqual({ code: 'forbidden', message: 'Log in.' });
    expect(refusalOf(() => refuseNonCommenter({ ...author, suspension: { until: null, reason: 'x' } }, 'Log in.'))).toEqual({
      code: 'forbidden', message: 'You can no longer post, edit or report comments: an operator suspended your commenting.',
    });
  });
});
