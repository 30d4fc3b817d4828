import type { CommentEntry, ModeratedComment, ModerationItem, ModerationQueueReadModel } from '@shelf/contracts';

/** A stored comment as an operator sees it: what was written, by whom, also when readers see it removed. */
export const toModeratedComment = (entry: CommentEntry): ModeratedComment => ({
  comment_id: entry.comment_id,
  book_id: entry.book_id,
  chapter_id: entry.chapter_id,
  parent_comment_id: entry.parent_comment_id,
  user_id: entry.user_id,
  username: entry.username,
  comment_content: entry.comment_content,
  comment_time: entry.comment_time,
  deleted: entry.deleted,
  removed: entry.removed,
});

export function toModerationItem(doc: ModerationQueueReadModel, comment: ModeratedComment, bookTitle: string): ModerationItem {
  return {
    comment,
    book_title: bookTitle,
    status: doc.status,
    removed_by: doc.removed_by,
    open_reports: doc.open_reports,
    total_reports: doc.total_reports,
    reasons: doc.reasons,
    first_reported_at: doc.first_reported_at,
    last_reported_at: doc.last_reported_at,
    needs_review: doc.needs_review,
  };
}
