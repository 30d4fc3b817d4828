import { Injectable } from '@nestjs/common';
import {
  type CommenterRecentReadModel,
  MODERATION_PAGE_SIZE,
  ModerationReadModelCollection,
  type ModerationQueueReadModel,
  type ModerationView,
  partitionPartIds,
} from '@shelf/contracts';
import type { Filter } from 'mongodb';
import { ReadModels } from '../../../platform/read-models';

const C = ModerationReadModelCollection;

const FILTERS: Record<ModerationView, Filter<ModerationQueueReadModel>> = {
  review: { needs_review: true },
  removed: { status: 'removed' },
  all: {},
};

/**
 * The moderation read models (see the workers' ModerationProjector). The queue is filtered and sorted in the store:
 * it holds only comments ever reported, so a scan of it stays small.
 */
@Injectable()
export class ModerationReadStore {
  constructor(private readonly readModels: ReadModels) {}

  /** A page of the view: most open reports first, then the oldest first report. */
  async queue(view: ModerationView, page: number): Promise<{ items: ModerationQueueReadModel[]; total: number }> {
    const queue = this.readModels.collection<ModerationQueueReadModel>(C.ModerationQueue);
    const [items, total] = await Promise.all([
      queue
        .find(FILTERS[view])
        .sort({ open_reports: -1, first_reported_at: 1, _id: 1 })
        .skip((page - 1) * MODERATION_PAGE_SIZE)
        .limit(MODERATION_PAGE_SIZE)
        .toArray(),
      queue.countDocuments(FILTERS[view]),
    ]);
    return { items, total };
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
