import {
  type CommentDeletedV1,
  type CommentPostedV1,
  type CommentRemovedByOperatorV1,
  type CommentRemovedV1,
  type CommentRestoredV1,
  type LogPlace,
  type ReplyInboxEntry,
  SocialEventType,
} from '@shelf/contracts';

/** The events that take a reply out of (or back into) what the reader has to read. */
export type ReplyVisibilityEvent = CommentDeletedV1 | CommentRemovedV1 | CommentRemovedByOperatorV1 | CommentRestoredV1;

/** The parent's author is told of a reply, unless they replied to themselves. */
export const replyRecipient = (event: CommentPostedV1): string | null =>
  event.data.parent_comment_id !== null && event.data.parent_user_id !== null && event.data.parent_user_id !== event.data.user_id
    ? event.data.parent_user_id
    : null;

/** `place`: the posting's in the log (null out of log order). */
export function replyEntry(event: CommentPostedV1, place: LogPlace | null = null): ReplyInboxEntry {
  return {
    comment_id: event.data.comment_id,
    parent_comment_id: event.data.parent_comment_id!,
    book_id: event.data.book_id,
    chapter_id: event.data.chapter_id,
    comment_time: event.occurredAt,
    version: event.version,
    deleted: false,
    removed: false,
    ...(place && { place }),
  };
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

/** A read mark after the reader marked their replies read at `at`: marks only move on. */
export const laterMark = (readUpTo: string | null, at: string): string | null => (readUpTo !== null && readUpTo >= at ? null : at);
