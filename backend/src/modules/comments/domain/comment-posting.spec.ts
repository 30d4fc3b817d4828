import { SocialEventType } from '@shelf/contracts';
import { deciderSpec, foldStream, storedEvent } from '@test/decider-spec';
import { createHash } from 'node:crypto';
import { type Commenter, decidePost, type Posting, refuseNonCommenter, refuseUnpostable } from './comment-posting';
import { foldComment } from './comment-state';

const parentPosted = (paragraph?: string) =>
  storedEvent('comment-p1', SocialEventType.CommentPosted, {
    comment_id: 'p1', book_id: 1, chapter_id: 2, parent_comment_id: null, parent_user_id: null, user_id: 'parent-author', username: 'P', email_hash: 'h', comment_content: 'The comment replied to here.',
    ...(paragraph ? { paragraph } : {}),
  });
const PARAGRAPH = 'k0000000000001';
const OTHER_PARAGRAPH = 'k0000000000002';

const TEXT = 'A perfectly fine new comment to post.';
const author: Commenter = { userId: 'u1', username: 'Reader', email: ' R@Example.test ', emailVerified: true, suspension: null };
const POST: Omit<Posting, 'parent'> = { commentId: 'c1', author, book_id: 1, chapter_id: 2, parent_comment_id: null, comment_content: TEXT, paragraph: null, bookFound: true, chapterFound: true, blockedByParentAuthor: false, chapterParagraphs: null };
const REPLY = { parent_comment_id: 'p1' };
type Asked = Partial<Omit<Posting, 'parent'>> & { waitMs?: number };

/** Given the parent comment's history (none for a comment that replies to none), when a reader posts. */
const parent = foldStream(foldComment);
const post = deciderSpec(parent, (replied, { waitMs = 0, ...asked }: Asked) => decidePost({ ...POST, parent: replied, ...asked }, waitMs));
const postable = deciderSpec(parent, (replied, asked: Asked) => refuseUnpostable({ ...POST, parent: replied, ...asked }));
const commenter = deciderSpec((who: Commenter | null) => who, (who, logInMessage: string) => refuseNonCommenter(who, logInMessage));

const posted = (data: object) => [
  {
    type: SocialEventType.CommentPosted,
    data: {
      comment_id: 'c1', book_id: 1, chapter_id: 2, parent_comment_id: null, parent_user_id: null, user_id: 'u1', username: 'Reader',
      email_hash: createHash('sha256').update('r@example.test').digest('hex'), comment_content: TEXT, ...data,
    },
  },
];
const POSTED = { message: 'Your comment has been posted.', commentId: 'c1' };

describe('posting a comment', () => {
  it('posts a comment with the hash of the author’s address', () => post.given().when({}).then(posted({}), POSTED));

  it('posts a reply naming the parent’s author', () => post.given(parentPosted()).when(REPLY).then(posted({ parent_comment_id: 'p1', parent_user_id: 'parent-author' }), POSTED));

  it('posts a comment on the book, with no chapter to find', () => post.given().when({ chapter_id: null, chapterFound: false }).then(posted({ chapter_id: null }), POSTED));

  it('finds nothing to refuse in a good comment before the cooldown', () => postable.given().when({}).thenAllows());

  it('refuses a reader not logged in', () => post.given().when({ author: null }).thenRefuses('forbidden', 'Please log in and verify your email to comment.'));

  it('refuses a reply of a reader not verified', () =>
    post.given(parentPosted()).when({ ...REPLY, author: { ...author, emailVerified: false } }).thenRefuses('forbidden', 'Please log in and verify your email to reply.'));

  it('refuses a suspended reader', () =>
    post
      .given()
      .when({ author: { ...author, suspension: { until: '2026-11-30T12:00:00.000Z', reason: 'Spam' } } })
      .thenRefuses('forbidden', 'You cannot post, edit or report comments until 2026-11-30 12:00 UTC: an operator suspended your commenting.'));

  it('refuses a bad text before a missing book', () =>
    post.given().when({ comment_content: 'too short', bookFound: false }).thenRefuses('invalid', 'Your comment must have at least 5 words.'));

  it('refuses a missing book', () => post.given().when({ bookFound: false }).thenRefuses('not-found', 'Book not found.'));

  it('refuses a missing chapter', () => post.given().when({ chapterFound: false }).thenRefuses('not-found', 'Chapter not found.'));

  it('refuses a reply to a missing parent', () => post.given().when(REPLY).thenRefuses('not-found', 'The comment you are replying to was not found.'));

  it('refuses a reply to a parent on another chapter', () =>
    post.given(parentPosted()).when({ ...REPLY, chapter_id: 3 }).thenRefuses('invalid', 'You can only reply to a comment on the same page.'));

  it('refuses a reply to a parent on another book', () => post.given(parentPosted()).when({ ...REPLY, book_id: 9 }).thenRefuses('invalid'));

  it('refuses a reply to a comment whose author blocked the reader', () =>
    post.given(parentPosted()).when({ ...REPLY, blockedByParentAuthor: true }).thenRefuses('forbidden', 'You cannot reply to this comment: its author has blocked you.'));

  it('refuses a bad text of a blocked reader first', () =>
    post.given(parentPosted()).when({ ...REPLY, blockedByParentAuthor: true, comment_content: 'too short' }).thenRefuses('invalid', 'Your comment must have at least 5 words.'));

  it('refuses a reader still cooling down', () => post.given().when({ waitMs: 12_500 }).thenRefuses('too-many', 'Please wait for 13 seconds before commenting again.'));

  it('posts a comment on a paragraph the chapter has', () =>
    post.given().when({ paragraph: PARAGRAPH, chapterParagraphs: [OTHER_PARAGRAPH, PARAGRAPH] }).then(posted({ paragraph: PARAGRAPH }), POSTED));

  it('posts a reply on its parent’s paragraph, named or not', () => {
    post.given(parentPosted(PARAGRAPH)).when(REPLY).then(posted({ parent_comment_id: 'p1', parent_user_id: 'parent-author', paragraph: PARAGRAPH }), POSTED);
    post.given(parentPosted(PARAGRAPH)).when({ ...REPLY, paragraph: PARAGRAPH }).then(posted({ parent_comment_id: 'p1', parent_user_id: 'parent-author', paragraph: PARAGRAPH }), POSTED);
  });

  it('refuses a paragraph the chapter no longer has', () =>
    post.given().when({ paragraph: PARAGRAPH, chapterParagraphs: [OTHER_PARAGRAPH] }).thenRefuses('invalid', 'This paragraph is no longer in the chapter. Reload the chapter to comment on it.'));

  it('refuses a paragraph on a book’s comment', () =>
    post.given().when({ chapter_id: null, paragraph: PARAGRAPH }).thenRefuses('invalid', 'Only the paragraphs of a chapter take comments.'));

  it('refuses a reply naming another paragraph than its parent’s', () => {
    post.given(parentPosted(PARAGRAPH)).when({ ...REPLY, paragraph: OTHER_PARAGRAPH }).thenRefuses('invalid', 'A reply goes with the paragraph of the comment it replies to.');
    post.given(parentPosted()).when({ ...REPLY, paragraph: PARAGRAPH }).thenRefuses('invalid', 'A reply goes with the paragraph of the comment it replies to.');
  });

  it('refuses for the cooldown only after every other rule', () => post.given().when({ bookFound: false, waitMs: 12_500 }).thenRefuses('not-found'));
});

describe('who may write about comments', () => {
  it('lets a verified reader who is not suspended', () => commenter.given(author).when('Log in.').thenAllows());

  it('refuses a reader not logged in with the message given', () => commenter.given(null).when('Log in.').thenRefuses('forbidden', 'Log in.'));

  it('refuses a reader suspended for good', () =>
    commenter
      .given({ ...author, suspension: { until: null, reason: 'x' } })
      .when('Log in.')
      .thenRefuses('forbidden', 'You can no longer post, edit or report comments: an operator suspended your commenting.'));
});
