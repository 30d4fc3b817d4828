import type { CommentView } from '../api/social-responses';
import type { CommentEntry } from '../read-models/social-read-models';
import { ERASED_NAME } from '../events/personal-fields';
import { COMMENT_RULES, CommentMessage } from './comment-rules';

/**
 * A stored comment as readers may see it: a deleted one as [deleted], a removed
 * one as [removed] with the removal text; neither carries its text, author or avatar hash. A removed comment's
 * report count is at least the removal threshold, which is how the spec's client tells it is removed, also when an
 * operator removed it with fewer reports. The author is named as `names` (user id → current name, from the users read
 * model) has them now; the name the entry was posted with is the fallback. An erased account's comment (named
 * ERASED_NAME) shows that name as its text too, without author id or avatar hash; its replies stay where they are.
 */
export function toCommentView(entry: CommentEntry, names?: ReadonlyMap<string, string>): CommentView {
  const username = names?.get(entry.user_id) ?? entry.username;
  const hidden = entry.deleted || entry.removed;
  const view: CommentView = {
    comment_id: entry.comment_id,
    book_id: entry.book_id,
    chapter_id: entry.chapter_id,
    parent_comment_id: entry.parent_comment_id,
    comment_content: entry.comment_content,
    comment_time: entry.comment_time,
    edited_time: entry.edited_time ?? null,
    username,
    email_hash: entry.email_hash,
    user_id: entry.user_id,
    like_count: entry.like_count,
    report_count: entry.report_count,
    deleted_comment: entry.deleted,
    ...(entry.paragraph ? { paragraph: entry.paragraph } : {}),
  };
  if (username === ERASED_NAME && !hidden) return { ...view, comment_content: ERASED_NAME, edited_time: null, email_hash: null, user_id: null };
  if (!hidden) return view;
  return {
    ...view,
    comment_content: entry.deleted ? CommentMessage.deletedText : CommentMessage.removedText,
    username: entry.deleted ? CommentMessage.deletedText : CommentMessage.removedAuthor,
    edited_time: null,
    email_hash: null,
    user_id: null,
    report_count: entry.removed ? Math.max(entry.report_count, COMMENT_RULES.removalReports) : entry.report_count,
  };
}
