import type { CommentView } from '@shelf/contracts';

/** A comment of book 12's own thread with every field set; tests override what they look at. */
export const comment = (overrides: Partial<CommentView> & { comment_id: string }): CommentView => ({
  book_id: 12,
  chapter_id: null,
  parent_comment_id: null,
  comment_content: `Text of ${overrides.comment_id}`,
  comment_time: '2026-01-01T00:00:00.000Z',
  username: `author-${overrides.comment_id}`,
  email_hash: 'a'.repeat(64),
  user_id: `user-${overrides.comment_id}`,
  like_count: 0,
  report_count: 0,
  deleted_comment: false,
  ...overrides,
});
