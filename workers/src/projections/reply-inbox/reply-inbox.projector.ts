import { Injectable } from '@nestjs/common';
import {
  type CommentPostedV1,
  partitionKey,
  partitionOf,
  type RepliesMarkedReadV1,
  REPLY_HEAD_ENTRIES,
  REPLY_PAGE_ENTRIES,
  type ReplyIndexReadModel,
  type ReplyInboxEntry,
  replyInboxPartId,
  replyKey,
  type ReplyReadMarkReadModel,
  SocialEventType,
  SocialReadModelCollection,
} from '@shelf/contracts';
import { type OrderedDirectoryReadModel, type OrderedHeadReadModel, type OrderedPageReadModel, OrderedPages, orderedStamp } from '@shelf/read-model-formats';
import type { Prefetch, ProjectionContext, Projector } from '../../engine';
import { laterMark, reduceReplyVisibility, replyEntry, replyRecipient, type ReplyVisibilityEvent } from './reply-inbox-reducers';

type Handled = CommentPostedV1 | RepliesMarkedReadV1 | ReplyVisibilityEvent;

const C = SocialReadModelCollection;

/**
 * Reply notifications, each document with one writer partition: a reader's replies in parts, one per partition of
 * the log (ordered pages keyed by time, read-model-formats' ReplyInbox), each part written by the consumer of the
 * replies' threads' partition, which also writes each reply's index entry and applies its deletion, removal and
 * restoring (the same comment stream, so the same partition); a read mark (a stream of its own) goes to the reader's
 * mark part for its partition, and the latest part counts. No count is kept: the badge counts the replies after the
 * mark that are still there, reading the parts' heads, so a read mark and a reply never write the same document, and
 * applying an event again changes nothing (each part remembers the position that changed it last). It runs after the comment threads, so that by the time the badge
 * says there is a reply, Reply Notifications (which shows it from its thread) has it too. The reader's badge follows
 * each change.
 */
@Injectable()
export class ReplyInboxProjector implements Projector {
  readonly name = 'reply-inbox';
  readonly handles = [
    SocialEventType.CommentPosted,
    SocialEventType.RepliesMarkedRead,
    SocialEventType.CommentDeleted,
    SocialEventType.CommentRemoved,
    SocialEventType.CommentRemovedByOperator,
    SocialEventType.CommentRestored,
  ];
  readonly after = ['comment-threads'];
  // Parts per partition and a read mark of their own (shape 1 kept one head per reader, written from every partition).
  readonly shape = 2;
  readonly owns = [C.ReplyPages, C.ReplyInboxes, C.ReplyIndex, C.ReplyReads];
  private readonly parts = new OrderedPages<ReplyInboxEntry>(REPLY_PAGE_ENTRIES, { side: 'last', size: REPLY_HEAD_ENTRIES });

  *prefetch(event: Handled): Iterable<Prefetch> {
    const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
    if (event.type === SocialEventType.RepliesMarkedRead) {
      yield [C.ReplyReads, replyInboxPartId(event.data.user_id, partition)];
      return;
    }
    if (event.type !== SocialEventType.CommentPosted) {
      yield [C.ReplyIndex, event.data.comment_id];
      return;
    }
    const recipient = replyRecipient(event);
    if (recipient === null) return;
    yield [C.ReplyIndex, event.data.comment_id];
    yield [C.ReplyInboxes, replyInboxPartId(recipient, partition)];
  }

  async apply(event: Handled, context: ProjectionContext): Promise<void> {
    switch (event.type) {
      case SocialEventType.CommentPosted:
        return this.reply(event, context);
      case SocialEventType.RepliesMarkedRead:
        return this.read(event, context);
      default:
        return this.visibility(event, context);
    }
  }

  private async reply(event: CommentPostedV1, context: ProjectionContext): Promise<void> {
    const userId = replyRecipient(event);
    if (userId === null) return;
    // A posting is applied once: applied again (out of log order, by an operator's retry) it would undo what came after.
    if (await context.models.collection<ReplyIndexReadModel>(C.ReplyIndex).findOne({ _id: event.data.comment_id })) return;
    const entry = replyEntry(event, context.place);
    await this.put(event, context, userId, replyKey(entry), entry);
    context.push({ kind: 'badges', userId });
  }

  /** A comment deleted, removed or restored: when it is a reply in somebody's inbox, the reply is marked so. */
  private async visibility(event: ReplyVisibilityEvent, context: ProjectionContext): Promise<void> {
    const where = await context.models.collection<ReplyIndexReadModel>(C.ReplyIndex).findOne({ _id: event.data.comment_id });
    const next = where && reduceReplyVisibility(where.entry, event);
    if (!where || !next) return;
    await this.put(event, context, where.user_id, where.key, next);
    context.push({ kind: 'badges', userId: where.user_id });
  }

  /** The reply in its part (of the event's partition: its comment's), then its index entry. */
  private async put(event: Handled, { place, models }: ProjectionContext, userId: string, key: string, entry: ReplyInboxEntry): Promise<void> {
    const stores = {
      heads: models.collection<OrderedHeadReadModel>(C.ReplyInboxes),
      directories: models.collection<OrderedDirectoryReadModel>(C.ReplyInboxes),
      pages: models.collection<OrderedPageReadModel>(C.ReplyPages),
    };
    const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
    await this.parts.apply(stores, replyInboxPartId(userId, partition), [{ put: [key, entry] }], orderedStamp(event, place));
    await models.collection<ReplyIndexReadModel>(C.ReplyIndex).replaceOne({ _id: entry.comment_id }, { user_id: userId, key, entry }, { upsert: true });
  }

  /**
   * The reader marked their replies read: the mark part of the event's partition moves on (never back, whatever order
   * marks are applied in).
   */
  private async read(event: RepliesMarkedReadV1, { models, push }: ProjectionContext): Promise<void> {
    const userId = event.data.user_id;
    const marks = models.collection<ReplyReadMarkReadModel>(C.ReplyReads);
    const _id = replyInboxPartId(userId, partitionOf(partitionKey(event.streamId, event.type, event.data)));
    const next = laterMark((await marks.findOne({ _id }))?.read_up_to ?? null, event.occurredAt);
    if (next === null) return;
    await marks.replaceOne({ _id }, { read_up_to: next }, { upsert: true });
    push({ kind: 'badges', userId });
  }
}
