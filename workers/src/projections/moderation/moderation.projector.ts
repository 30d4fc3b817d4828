import { Injectable } from '@nestjs/common';
import {
  COMMENTER_RECENT_ITEMS,
  commenterRecentId,
  type CommenterRecentReadModel,
  type CommentPostedV1,
  type ModeratedCommentReadModel,
  MODERATION_VIEW_HEAD_ENTRIES,
  MODERATION_VIEW_PAGE_ENTRIES,
  ModerationReadModelCollection,
  type ModerationQueueReadModel,
  moderationViewPartId,
  partitionKey,
  partitionOf,
  SocialEventType,
} from '@shelf/contracts';
import { type OrderedDirectoryReadModel, type OrderedHeadReadModel, type OrderedPageReadModel, OrderedPages, orderedStamp, type OrderedStores } from '@shelf/read-model-formats';
import { saveDocument } from '../documents';
import type { BatchModels, Prefetch, ProjectionContext, Projector, ReadModelStore } from '../../engine';
import { type ModeratedCommentEvent, reduceModeratedComment, reduceModeration, viewChanges } from './moderation-reducers';

const C = ModerationReadModelCollection;

/** The read models a batch's moderation events change, from the batch's BatchModels. */
interface ModerationStores {
  views: OrderedStores;
  queue: ReadModelStore<ModerationQueueReadModel>;
  comments: ReadModelStore<ModeratedCommentReadModel>;
  recent: ReadModelStore<CommenterRecentReadModel>;
}

const moderationStores = (models: BatchModels): ModerationStores => ({
  views: {
    heads: models.collection<OrderedHeadReadModel>(C.ModerationViewHeads),
    directories: models.collection<OrderedDirectoryReadModel>(C.ModerationViewHeads),
    pages: models.collection<OrderedPageReadModel>(C.ModerationViewPages),
  },
  queue: models.collection(C.ModerationQueue),
  comments: models.collection(C.ModeratedComments),
  recent: models.collection(C.CommenterRecent),
});

/**
 * What operators review: one queue document per reported comment (its reports, reasons and state, and the comment as
 * operators see it), the queue's views in their order as ordered pages of comment ids per partition of the log, every
 * comment as operators see it, and each commenter's latest comments, kept in one part per partition (merged when read);
 * so a partition's consumer is the only writer of every document it changes. Operators on the queue are told of each
 * change live.
 *
 * A batch stores the views, then the queue documents that mark their changes applied, then the comments (whose
 * versions mark edits applied): a queue document retried after a crash takes the comment as it was.
 */
@Injectable()
export class ModerationProjector implements Projector {
  readonly name = 'moderation';
  /** 2: the queue's views as ordered pages. */
  readonly shape = 2;
  readonly handles = [
    SocialEventType.CommentPosted,
    SocialEventType.CommentEdited,
    SocialEventType.CommentDeleted,
    SocialEventType.CommentReported,
    SocialEventType.CommentReportedV2,
    SocialEventType.CommentRemoved,
    SocialEventType.CommentRemovedByOperator,
    SocialEventType.CommentReportsDismissed,
    SocialEventType.CommentRestored,
    SocialEventType.CommentAuthorErased,
  ];
  readonly owns = [C.CommenterRecent, C.ModerationViewPages, C.ModerationViewHeads, C.ModerationQueue, C.ModeratedComments];
  private readonly views = new OrderedPages<string>(
    MODERATION_VIEW_PAGE_ENTRIES,
    // Readers start from the most reported.
    { side: 'first', size: MODERATION_VIEW_HEAD_ENTRIES },
  );

  *prefetch(event: ModeratedCommentEvent): Iterable<Prefetch> {
    yield [C.ModeratedComments, event.data.comment_id];
    if (event.type !== SocialEventType.CommentPosted) yield [C.ModerationQueue, event.data.comment_id];
    else yield [C.CommenterRecent, commenterRecentId(event.data.user_id, partitionOf(partitionKey(event.streamId, event.type, event.data)))];
  }

  async apply(event: ModeratedCommentEvent, { push, place, models }: ProjectionContext): Promise<void> {
    const s = moderationStores(models);
    const id = event.data.comment_id;
    if (event.type === SocialEventType.CommentPosted) await this.remember(s, event);
    const shown = await s.comments.findOne({ _id: id });
    const comment = reduceModeratedComment(shown, event);
    const now = comment ?? shown;
    if (event.type !== SocialEventType.CommentPosted && now) {
      const current = await s.queue.findOne({ _id: id });
      // An edit changes no moderation state, only the comment shown: its version marks it applied.
      const next =
        event.type === SocialEventType.CommentEdited ? (current && event.version > current.version ? { ...current, version: event.version } : null) : reduceModeration(current, event);
      if (next) {
        const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
        for (const [view, ops] of viewChanges(current, next)) await this.views.apply(s.views, moderationViewPartId(view, partition), ops, orderedStamp(event, place));
        const { _id: _comment, version: _version, ...seen } = now;
        await saveDocument(s.queue, { ...next, comment: seen }, !current);
        if (event.type !== SocialEventType.CommentEdited) push({ kind: 'moderation', push: { comment_id: next._id, open_reports: next.open_reports } });
      }
    }
    if (comment) await saveDocument(s.comments, comment, !shown);
  }

  /** Adds the comment to its author's latest in this partition. */
  private async remember(s: ModerationStores, event: CommentPostedV1): Promise<void> {
    const { user_id: userId, comment_id: commentId, book_id, chapter_id } = event.data;
    const id = commenterRecentId(userId, partitionOf(partitionKey(event.streamId, event.type, event.data)));
    const part = await s.recent.findOne({ _id: id });
    if (part?.comments.some((comment) => comment.comment_id === commentId)) return;
    const comments = [...(part?.comments ?? []), { comment_id: commentId, book_id, chapter_id, comment_time: event.occurredAt }]
      .sort((a, b) => b.comment_time.localeCompare(a.comment_time))
      .slice(0, COMMENTER_RECENT_ITEMS);
    await saveDocument(s.recent, { _id: id, user_id: userId, comments }, !part);
  }
}
