import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  type ReaderLikesReadModel,
  type ReplyInboxReadModel,
  SocialReadModelCollection,
  uncheckedUpdateCount,
  unreadReplyCount,
} from '@shelf/contracts';
import type { Connection } from 'mongoose';

/** A reader's reply inbox and liked stories, by user id. */
@Injectable()
export class ReaderReadModels {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  inbox(userId: string): Promise<ReplyInboxReadModel | null> {
    return this.connection.collection<ReplyInboxReadModel>(SocialReadModelCollection.ReplyInboxes).findOne({ _id: userId });
  }

  likes(userId: string): Promise<ReaderLikesReadModel | null> {
    return this.connection.collection<ReaderLikesReadModel>(SocialReadModelCollection.ReaderLikes).findOne({ _id: userId });
  }

  async unreadCount(userId: string): Promise<number> {
    return unreadReplyCount(await this.inbox(userId));
  }

  async uncheckedCount(userId: string): Promise<number> {
    return uncheckedUpdateCount(await this.likes(userId));
  }
}
