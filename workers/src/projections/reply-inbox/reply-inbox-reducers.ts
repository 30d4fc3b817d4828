import { type CommentPostedV1, commentKey, type ReplyInboxReadModel } from '@shelf/contracts';

/** Reply notifications as pure functions of (inbox, event); a reply is keyed by its comment id, so it lands once. */
export function emptyInbox(userId: string): ReplyInboxReadModel {
  return { _id: userId, replies: {}, read_up_to: null };
}

/** The parent's author is told of a reply, unless they replied to themselves. */
export const replyRecipient = (event: CommentPostedV1): string | null =>
  event.data.parent_comment_id !== null && event.data.parent_user_id !== null && event.data.parent_user_id !== event.data.user_id
    ? event.data.parent_user_id
    : null;

export function recordReply(inbox: ReplyInboxReadModel, event: CommentPostedV1): ReplyInboxReadModel {
  const key = commentKey(event.data.comment_id);
  if (inbox.replies[key] || event.data.parent_comment_id === null) return inbox;
  const reply = {
    comment_id: event.data.comment_id,
    parent_comment_id: event.data.parent_comment_id,
    book_id: event.data.book_id,
    chapter_id: event.data.chapter_id,
    comment_time: event.occurredAt,
  };
  return { ...inbox, replies: { ...inbox.replies, [key]: reply } };
}

export function recordRead(inbox: ReplyInboxReadModel, at: string): ReplyInboxReadModel {
  if (inbox.read_up_to !== null && inbox.read_up_to >= at) return inbox;
  return { ...inbox, read_up_to: at };
}
