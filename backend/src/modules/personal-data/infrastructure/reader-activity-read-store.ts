import { Injectable } from '@nestjs/common';
import {
  ModerationReadModelCollection,
  type ModeratedCommentReadModel,
  readerActivityPartIds,
  ReaderActivityReadModelCollection,
  type ReaderActivityTuple,
} from '@shelf/contracts';
import { type OrderedDirectoryReadModel, type OrderedHeadReadModel, type OrderedPageReadModel, readOrdered, storedPages } from '@shelf/read-model-formats';
import { ReadModels } from '../../../platform/read-models';

const C = ReaderActivityReadModelCollection;

/**
 * A reader's comments, comment likes and reports as the workers' reader-activity projector keeps them (its 16 parts'
 * heads by `_id`, and the pages of a part that outgrew its head), and the reader's comments as they stand now.
 */
@Injectable()
export class ReaderActivityReadStore {
  constructor(private readonly readModels: ReadModels) {}

  async activity(userId: string): Promise<ReaderActivityTuple[]> {
    const heads = this.readModels.collection<OrderedHeadReadModel>(C.Heads);
    const parts = await Promise.all(readerActivityPartIds(userId).map((_id) => heads.findOne({ _id })));
    const pages = storedPages<ReaderActivityTuple>(this.readModels.collection<OrderedDirectoryReadModel>(C.Heads), this.readModels.collection<OrderedPageReadModel>(C.Pages));
    return readOrdered(parts, pages, { order: 'asc', skip: 0, limit: Number.MAX_SAFE_INTEGER });
  }

  /**
   * The comments as operators see them (their text even once removed), by id: one query for a page of ids (at most
   * 1,000, which the store's `_id` index answers as a list).
   */
  async comments(commentIds: string[]): Promise<Map<string, ModeratedCommentReadModel>> {
    const found = await this.readModels
      .collection<ModeratedCommentReadModel>(ModerationReadModelCollection.ModeratedComments)
      .find({ _id: { $in: commentIds } })
      .toArray();
    return new Map(found.map((comment) => [comment._id, comment]));
  }
}
