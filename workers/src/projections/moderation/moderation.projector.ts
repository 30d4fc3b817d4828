import { Injectable } from '@nestjs/common';
import {
  COMMENTER_RECENT_ITEMS,
  commenterRecentId,
  type CommenterRecentReadModel,
  type CommentPostedV1,
  ModerationReadModelCollection,
  type ModerationQueueReadModel,
  partitionKey,
  partitionOf,
  SocialEventType,
} from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { ProjectionContext, Projector } from '../projector';
import { ReadModels } from '../read-models';
import { type ModerationEvent, reduceModeration } from './moderation-reducers';

const C = ModerationReadModelCollection;

/**
 * What operators review: one queue document per reported comment (its reports, reasons and state), and each
 * commenter's latest comments, kept in one part per partition of the log (merged when read) so that a partition's
 * consumer is the only writer of every document it changes. Operators on the queue are told of each change live.
 */
@Injectable()
export class ModerationProjector implements Projector {
  readonly name = 'moderation';
  readonly handles = [
    SocialEventType.CommentPosted,
    SocialEventType.CommentDeleted,
    SocialEventType.CommentReported,
    SocialEventType.CommentReportedV2,
    SocialEventType.CommentRemoved,
    SocialEventType.CommentRemovedByOperator,
    SocialEventType.CommentReportsDismissed,
    SocialEventType.CommentRestored,
  ];
  readonly owns = [C.ModerationQueue, C.CommenterRecent];

  constructor(private readonly readModels: ReadModels) {}

  async apply(event: CommentPostedV1 | ModerationEvent, { push }: ProjectionContext): Promise<void> {
    if (event.type === SocialEventType.CommentPosted) return this.remember(event);
    const current = await this.queue.findOne({ _id: event.data.comment_id });
    const next = reduceModeration(current, event);
    if (!next) return;
    await saveDocument(this.queue, next, !current);
    push({ kind: 'moderation', push: { comment_id: next._id, open_reports: next.open_reports } });
  }

  /** Adds the comment to its author's latest in this partition. */
  private async remember(event: CommentPostedV1): Promise<void> {
    const { user_id: userId, comment_id: commentId, book_id, chapter_id } = event.data;
    const id = commenterRecentId(userId, partitionOf(partitionKey(event.streamId, event.type, event.data)));
    const part = await this.recent.findOne({ _id: id });
    if (part?.comments.some((comment) => comment.comment_id === commentId)) return;
    const comments = [...(part?.comments ?? []), { comment_id: commentId, book_id, chapter_id, comment_time: event.occurredAt }]
      .sort((a, b) => b.comment_time.localeCompare(a.comment_time))
      .slice(0, COMMENTER_RECENT_ITEMS);
    await saveDocument(this.recent, { _id: id, user_id: userId, comments }, !part);
  }

  private get queue() {
    return this.readModels.collection<ModerationQueueReadModel>(C.ModerationQueue);
  }

  private get recent() {
    return this.readModels.collection<CommenterRecentReadModel>(C.CommenterRecent);
  }
}
