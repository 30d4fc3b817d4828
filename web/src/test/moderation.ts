import type { ModeratedComment, ModerationContextResponse, ModerationItem } from '@shelf/contracts';

/** A comment as operators see it, in book 12's chapter 7; tests override what they look at. */
export const moderatedComment = (overrides: Partial<ModeratedComment> & { comment_id: string }): ModeratedComment => ({
  book_id: 12,
  chapter_id: 7,
  parent_comment_id: null,
  user_id: `user-${overrides.comment_id}`,
  username: `author-${overrides.comment_id}`,
  comment_content: `Text of ${overrides.comment_id}`,
  comment_time: '2026-01-01T00:00:00.000Z',
  deleted: false,
  removed: false,
  ...overrides,
});

/** A reported comment of the queue with open reports; tests override what they look at. */
export const moderationItem = (commentId: string, overrides: Partial<ModerationItem> = {}): ModerationItem => ({
  comment: moderatedComment({ comment_id: commentId }),
  book_title: "The Moon's Reply",
  status: 'open',
  removed_by: null,
  open_reports: 2,
  total_reports: 3,
  reasons: { spam: 1, none: 1 },
  first_reported_at: '2026-01-02T00:00:00.000Z',
  last_reported_at: '2026-01-03T00:00:00.000Z',
  needs_review: true,
  ...overrides,
});

/** A comment in context: a reply to `parent`, with one reply of its own and an author who is not suspended. */
export const moderationContext = (item: ModerationItem, overrides: Partial<ModerationContextResponse> = {}): ModerationContextResponse => ({
  item,
  comment: item.comment,
  parent: moderatedComment({ comment_id: 'parent', username: 'Lin', comment_content: 'The parent comment says **hello**.' }),
  replies: [moderatedComment({ comment_id: 'reply', username: 'Bo', comment_content: 'A reply to the reported comment.' })],
  author: {
    user_id: item.comment.user_id,
    username: item.comment.username,
    suspension: null,
    recent_comments: [moderatedComment({ comment_id: 'older', book_id: 40, chapter_id: null, comment_content: 'An older comment elsewhere.' })],
  },
  ...overrides,
});
