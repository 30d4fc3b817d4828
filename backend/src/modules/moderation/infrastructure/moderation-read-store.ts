import { Injectable } from '@nestjs/common';
import {
  type CommenterRecentReadModel,
  MODERATION_PAGE_SIZE,
  ModerationReadModelCollection,
  type ModerationQueueReadModel,
  type ModerationView,
  moderationViewPartId,
  PARTITION_COUNT,
  partitionPartIds,
} from '@shelf/contracts';
import { type OrderedDirectoryReadModel, type OrderedHeadReadModel, type OrderedPageReadModel, readOrdered, storedPages } from '@shelf/read-model-formats';
import { ReadModels } from '../../../platform/read-models';

const C = ModerationReadModelCollection;

/**
 * The moderation read models (see the workers' ModerationProjector). A view of the queue is read from its ordered
 * pages of comment ids by `_id`: the heads of its parts (with their counts, the total), the pages that hold the page
 * asked for when the heads' copies do not, then each comment's queue document.
 */
@Injectable()
export class ModerationReadStore {
  constructor(private readonly readModels: ReadModels) {}

  /** A page of the view: most open reports first, then the oldest first report. */
  async queue(view: ModerationView, page: number): Promise<{ items: ModerationQueueReadModel[]; total: number }> {
    const heads = this.readModels.collection<OrderedHeadReadModel>(C.ModerationViewHeads);
    const parts = await Promise.all(Array.from({ length: PARTITION_COUNT }, (_, partition) => heads.findOne({ _id: moderationViewPartId(view, partition) })));
    const ids = await readOrdered<string>(
      parts,
      storedPages(this.readModels.collection<OrderedDirectoryReadModel>(C.ModerationViewHeads), this.readModels.collection<OrderedPageReadModel>(C.ModerationViewPages)),
      { order: 'asc', skip: (page - 1) * MODERATION_PAGE_SIZE, limit: MODERATION_PAGE_SIZE },
    );
    // A document projected after the page was read (the comment moved since) is shown as it is now.
    const items = await Promise.all(ids.map((id) => this.item(id)));
    return { items: items.filter((item): item is ModerationQueueReadModel => item !== null), total: parts.reduce((sum, part) => sum + (part?.n ?? 0), 0) };
  }

  item(commentId: string): Promise<ModerationQueueReadModel | null> {
    return this.readModels.collection<ModerationQueueReadModel>(C.ModerationQueue).findOne({ _id: commentId });
  }

  /** A commenter's latest comments anywhere, newest first: their parts of every partition, merged. */
  async recentComments(userId: string, limit: number): Promise<CommenterRecentReadModel['comments']> {
    const parts = this.readModels.collection<CommenterRecentReadModel>(C.CommenterRecent);
    const found = await Promise.all(partitionPartIds(userId).map((_id) => parts.findOne({ _id })));
    return found
      .flatMap((part) => part?.comments ?? [])
      .sort((a, b) => b.comment_time.localeCompare(a.comment_time))
      .slice(0, limit);
  }
}
