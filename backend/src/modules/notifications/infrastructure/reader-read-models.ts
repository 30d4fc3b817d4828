import { Injectable } from '@nestjs/common';
import {
  type ReaderLikesReadModel,
  type ReplyInboxReadModel,
  SocialReadModelCollection,
  uncheckedUpdateCount,
  unreadReplyCount,
} from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** A reader's reply inbox and liked stories, by user id. */
@Injectable()
export class ReaderReadModels {
  constructor(private readonly readModels: ReadModels) {}

  inbox(userId: string): Promise<ReplyInboxReadModel | null> {
    return this.readModels.collection<ReplyInboxReadModel>(SocialReadModelCollection.ReplyInboxes).findOne({ _id: userId });
  }

  likes(userId: string): Promise<ReaderLikesReadModel | null> {
    return this.readModels.collection<ReaderLikesReadModel>(SocialReadModelCollection.ReaderLikes).findOne({ _id: userId });
  }

  async unreadCount(userId: string): Promise<number> {
    return unreadReplyCount(await this.inbox(userId));
  }

  async uncheckedCount(userId: string): Promise<number> {
    return uncheckedUpdateCount(await this.likes(userId));
  }
}
