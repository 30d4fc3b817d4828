import { type EventOfType, readerActivityKey, type ReaderActivityTuple, SocialEventType } from '@shelf/contracts';
import { type OrderedOp } from '@shelf/read-model-formats';

export const READER_ACTIVITY_EVENT_TYPES = [
  SocialEventType.CommentPosted,
  SocialEventType.CommentLiked,
  SocialEventType.CommentUnliked,
  SocialEventType.CommentReported,
  SocialEventType.CommentReportedV2,
] as const;
export type ReaderActivityEvent = EventOfType<(typeof READER_ACTIVITY_EVENT_TYPES)[number]>;

/** The reader an event is about, and what it does to their activity. */
export function activityOf(event: ReaderActivityEvent): [string, OrderedOp<ReaderActivityTuple>] {
  const { comment_id, book_id, chapter_id } = event.data;
  switch (event.type) {
    case SocialEventType.CommentPosted:
      return [event.data.user_id, { put: [readerActivityKey('comment', comment_id), ['comment', comment_id, book_id, chapter_id, event.occurredAt, null]] }];
    case SocialEventType.CommentLiked:
      return [event.data.user_id, { put: [readerActivityKey('comment-like', comment_id), ['comment-like', comment_id, book_id, chapter_id, event.occurredAt, null]] }];
    case SocialEventType.CommentUnliked:
      return [event.data.user_id, { del: readerActivityKey('comment-like', comment_id) }];
    case SocialEventType.CommentReported:
      return [event.data.reporter_id, { put: [readerActivityKey('report', comment_id), ['report', comment_id, book_id, chapter_id, event.occurredAt, null]] }];
    case SocialEventType.CommentReportedV2:
      return [event.data.reporter_id, { put: [readerActivityKey('report', comment_id), ['report', comment_id, book_id, chapter_id, event.occurredAt, event.data.reason]] }];
  }
}
