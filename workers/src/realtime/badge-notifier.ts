import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  type BadgeCounts,
  hasNewUpdates,
  isUnread,
  type ReaderLikesReadModel,
  type ReplyInboxReadModel,
  SocialReadModelCollection,
} from '@shelf/contracts';
import type { Connection } from 'mongoose';
import { LiveEmitter } from './live-emitter';

/** Sends a reader their header badge counts, as the read models hold them now. */
@Injectable()
export class BadgeNotifier {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly live: LiveEmitter,
  ) {}

  async notify(userIds: Iterable<string>): Promise<void> {
    for (const userId of new Set(userIds)) this.live.badgesChanged(userId, await this.countsFor(userId));
  }

  private async countsFor(userId: string): Promise<BadgeCounts> {
    const [inbox, likes] = await Promise.all([
      this.connection.collection<ReplyInboxReadModel>(SocialReadModelCollection.ReplyInboxes).findOne({ _id: userId }),
      this.connection.collection<ReaderLikesReadModel>(SocialReadModelCollection.ReaderLikes).findOne({ _id: userId }),
    ]);
    return {
      unreadReplies: inbox ? Object.values(inbox.replies).filter((reply) => isUnread(reply, inbox.read_up_to)).length : 0,
      uncheckedUpdates: likes ? Object.values(likes.books).filter((story) => hasNewUpdates(story, likes.checked_up_to)).length : 0,
    };
  }
}
