import {
  type CommentDeletedV1,
  type CommentPostedV1,
  type CommentRemovedByOperatorV1,
  type CommentRemovedV1,
  type CommentRestoredV1,
  countsAsUnread,
  type LogPlace,
  type ReplyInboxEntry,
  type ReplyInboxReadModel,
  SocialEventType,
} from '@shelf/contracts';

/** The events that take a reply out of (or back into) what the reader has to read. */
export type ReplyVisibilityEvent = CommentDeletedV1 | CommentRemovedV1 | CommentRemovedByOperatorV1 | CommentRestoredV1;

/** Reply notifications as pure functions: a reply is numbered in arrival order; read marks go by time. */
export function emptyInbox(userId: string): ReplyInboxReadModel {
  return { _id: userId, count: 0, read_up_to: null, unread: 0, first_unread_page: null, applied: [] };
}

/** The parent's author is told of a reply, unless they replied to themselves. */
export const replyRecipient = (event: CommentPostedV1): string | null =>
  event.data.parent_comment_id !== null && event.data.parent_user_id !== null && event.data.parent_user_id !== event.data.user_id
    ? event.data.parent_user_id
    : null;

/** `place`: the posting's in the log (null out of log order). */
export function replyEntry(event: CommentPostedV1, seq: number, place: LogPlace | null = null): ReplyInboxEntry {
  return {
    comment_id: event.data.comment_id,
    parent_comment_id: event.data.parent_comment_id!,
    book_id: event.data.book_id,
    chapter_id: event.data.chapter_id,
    comment_time: event.occurredAt,
    seq,
    version: event.version,
    deleted: false,
    removed: false,
    ...(place && { place }),
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
 * on (in order, `firstPage` first). Deleted and removed replies were never counted.
 */
export function countRead(inbox: ReplyInboxReadModel, at: string, pages: ReplyInboxEntry[][], firstPage: number): Omit<ReplyInboxReadModel, '_id' | 'applied' | 'count'> {
  let unread = inbox.unread;
  let firstUnread: number | null = null;
  pages.forEach((entries, i) => {
    for (const entry of entries) {
      if (!countsAsUnread(entry, inbox.read_up_to)) continue;
      if (entry.comment_time <= at) unread -= 1;
      else firstUnread ??= firstPage + i;
    }
  });
  return { read_up_to: at, unread, first_unread_page: firstUnread };
}

/** A reply after an event of its comment's stream that deletes, removes or restores it; null when applied before. */
export function reduceReplyVisibility(entry: ReplyInboxEntry, event: ReplyVisibilityEvent): ReplyInboxEntry | null {
  if (event.version <= (entry.version ?? 1)) return null;
  const next = { ...entry, version: event.version };
  switch (event.type) {
    case SocialEventType.CommentDeleted:
      return { ...next, deleted: true };
    case SocialEventType.CommentRemoved:
    case SocialEventType.CommentRemovedByOperator:
      return { ...next, removed: true };
    case SocialEventType.CommentRestored:
      return { ...next, removed: false };
  }
}

/**
 * The inbox's counters after the reply on page `page` went from `before` to `after`: an unread reply deleted or
 * removed leaves the unread count (the badge never promises a reply that is gone), and comes back when restored.
 * Null when the count does not change.
 */
export function countVisibility(
  inbox: ReplyInboxReadModel,
  before: ReplyInboxEntry,
  after: ReplyInboxEntry,
  page: number,
): Pick<ReplyInboxReadModel, 'unread' | 'first_unread_page'> | null {
  const [was, is] = [countsAsUnread(before, inbox.read_up_to), countsAsUnread(after, inbox.read_up_to)];
  if (was === is) return null;
  if (!is) return { unread: inbox.unread - 1, first_unread_page: inbox.first_unread_page };
  return { unread: inbox.unread + 1, first_unread_page: Math.min(inbox.first_unread_page ?? page, page) };
}
