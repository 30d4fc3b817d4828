import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  hasNewUpdates,
  isUnread,
  type ReaderLikesReadModel,
  type ReplyInboxReadModel,
  SocialReadModelCollection,
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
    const inbox = await this.inbox(userId);
    return inbox ? Object.values(inbox.replies).filter((reply) => isUnread(reply, inbox.read_up_to)).length : 0;
  }

  async uncheckedCount(userId: string): Promise<number> {
    const likes = await this.likes(userId);
    return likes ? Object.values(likes.books).filter((story) => hasNewUpdates(story, likes.checked_up_to)).length : 0;
  }
}
