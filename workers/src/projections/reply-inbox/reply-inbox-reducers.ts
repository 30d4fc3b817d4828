import { type CommentPostedV1, type ReplyInboxEntry, type ReplyInboxReadModel } from '@shelf/contracts';

/** Reply notifications as pure functions: a reply is numbered in arrival order; read marks go by time. */
export function emptyInbox(userId: string): ReplyInboxReadModel {
  return { _id: userId, count: 0, read_up_to: null, unread: 0, first_unread_page: null, applied: [] };
}

/** The parent's author is told of a reply, unless they replied to themselves. */
export const replyRecipient = (event: CommentPostedV1): string | null =>
  event.data.parent_comment_id !== null && event.data.parent_user_id !== null && event.data.parent_user_id !== event.data.user_id
    ? event.data.parent_user_id
    : null;

export function replyEntry(event: CommentPostedV1, seq: number): ReplyInboxEntry {
  return {
    comment_id: event.data.comment_id,
    parent_comment_id: event.data.parent_comment_id!,
    book_id: event.data.book_id,
    chapter_id: event.data.chapter_id,
    comment_time: event.occurredAt,
    seq,
  };
}

/** The inbox's counters after the reply `entry` lands on page `page`. */
export function countReply(inbox: ReplyInboxReadModel, entry: ReplyInboxEntry, page: number): Omit<ReplyInboxReadModel, '_id' | 'applied'> {
  const unread = inbox.read_up_to === null || entry.comment_time > inbox.read_up_to;
  return {
    count: inbox.count + 1,
    read_up_to: inbox.read_up_to,
    unread: inbox.unread + (unread ? 1 : 0),
    first_unread_page: unread ? Math.min(inbox.first_unread_page ?? page, page) : inbox.first_unread_page,
  };
}

/**
 * The inbox's counters after the reader marked everything up to `at` read, given the pages from its first unread one
 * on (in order, `firstPage` first).
 */
export function countRead(inbox: ReplyInboxReadModel, at: string, pages: ReplyInboxEntry[][], firstPage: number): Omit<ReplyInboxReadModel, '_id' | 'applied' | 'count'> {
  let unread = inbox.unread;
  let firstUnread: number | null = null;
  pages.forEach((entries, i) => {
    for (const entry of entries) {
      if (inbox.read_up_to !== null && entry.comment_time <= inbox.read_up_to) continue;
      if (entry.comment_time <= at) unread -= 1;
      else firstUnread ??= firstPage + i;
    }
  });
  return { read_up_to: at, unread, first_unread_page: firstUnread };
}
