import { Injectable } from '@nestjs/common';
import {
  type EventOfType,
  type OrderedDirectoryReadModel,
  type OrderedHeadReadModel,
  type OrderedPageReadModel,
  partitionKey,
  partitionOf,
  READER_ACTIVITY_HEAD_ENTRIES,
  READER_ACTIVITY_PAGE_ENTRIES,
  readerActivityKey,
  readerActivityPartId,
  ReaderActivityReadModelCollection,
  type ReaderActivityTuple,
  SocialEventType,
} from '@shelf/contracts';
import { type OrderedOp, OrderedPages, orderedStamp } from '../ordered-pages/ordered-pages';
import type { ProjectionContext, Projector } from '../projector';

const C = ReaderActivityReadModelCollection;

const HANDLED = [
  SocialEventType.CommentPosted,
  SocialEventType.CommentLiked,
  SocialEventType.CommentUnliked,
  SocialEventType.CommentReported,
  SocialEventType.CommentReportedV2,
] as const;
type Handled = EventOfType<(typeof HANDLED)[number]>;

/**
 * Each reader's comments, comment likes and reports, by reader (contracts/src/read-models/reader-activity.ts): the
 * entry goes in the reader's part for the event's partition (the thread's), whose consumer is its one writer, so a
 * reader's activity is read by `_id` however many threads it spans. Putting an entry again changes nothing.
 */
@Injectable()
export class ReaderActivityProjector implements Projector {
  readonly name = 'reader-activity';
  readonly handles = HANDLED;
  readonly owns = [C.Pages, C.Heads];
  private readonly activity = new OrderedPages<ReaderActivityTuple>(READER_ACTIVITY_PAGE_ENTRIES, { side: 'first', size: READER_ACTIVITY_HEAD_ENTRIES });

  async apply(event: Handled, { place, models }: ProjectionContext): Promise<void> {
    const stores = {
      heads: models.collection<OrderedHeadReadModel>(C.Heads),
      directories: models.collection<OrderedDirectoryReadModel>(C.Heads),
      pages: models.collection<OrderedPageReadModel>(C.Pages),
    };
    const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
    const [userId, op] = activityOf(event);
    await this.activity.apply(stores, readerActivityPartId(userId, partition), [op], orderedStamp(event, place));
  }
}

/** The reader an event is about, and what it does to their activity. */
function activityOf(event: Handled): [string, OrderedOp<ReaderActivityTuple>] {
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
