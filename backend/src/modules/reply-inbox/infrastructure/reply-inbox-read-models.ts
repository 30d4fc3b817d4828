import { Injectable } from '@nestjs/common';
import {
  PAGE_ITEMS,
  pageId,
  type ReplyInboxEntry,
  type ReplyInboxReadModel,
  type ReplyPageReadModel,
  SocialReadModelCollection,
  unreadReplyCount,
} from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** A reader's reply inbox, by user id. */
@Injectable()
export class ReplyInboxReadModels {
  constructor(private readonly readModels: ReadModels) {}

  inbox(userId: string): Promise<ReplyInboxReadModel | null> {
    return this.readModels.collection<ReplyInboxReadModel>(SocialReadModelCollection.ReplyInboxes).findOne({ _id: userId });
  }

  /** The replies numbered `from` up to (not including) `to`, from the one or two pages that hold them. */
  async replies(userId: string, from: number, to: number): Promise<ReplyInboxEntry[]> {
    if (to <= from) return [];
    const pages = Array.from({ length: Math.floor((to - 1) / PAGE_ITEMS) - Math.floor(from / PAGE_ITEMS) + 1 }, (_, i) => Math.floor(from / PAGE_ITEMS) + i);
    const docs = await Promise.all(
      pages.map((page) => this.readModels.collection<ReplyPageReadModel>(SocialReadModelCollection.ReplyPages).findOne({ _id: pageId(userId, page) })),
    );
    return docs.flatMap((doc) => Object.values(doc?.replies ?? {})).filter((reply) => reply.seq >= from && reply.seq < to);
  }

  async unreadCount(userId: string): Promise<number> {
    return unreadReplyCount(await this.inbox(userId));
  }
}
