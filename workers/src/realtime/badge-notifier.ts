import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  type BadgeCounts,
  type ReaderLikesReadModel,
  type ReplyInboxReadModel,
  SocialReadModelCollection,
  uncheckedUpdateCount,
  unreadReplyCount,
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

  /** `known` holds read models the caller has just written, so they need not be read again. */
  async notify(userIds: Iterable<string>, known: { inbox?: ReplyInboxReadModel; likes?: ReaderLikesReadModel } = {}): Promise<void> {
    for (const userId of new Set(userIds)) this.live.badgesChanged(userId, await this.countsFor(userId, known));
  }

  private async countsFor(userId: string, known: { inbox?: ReplyInboxReadModel; likes?: ReaderLikesReadModel }): Promise<BadgeCounts> {
    const [inbox, likes] = await Promise.all([
      known.inbox?._id === userId
        ? known.inbox
        : this.connection.collection<ReplyInboxReadModel>(SocialReadModelCollection.ReplyInboxes).findOne({ _id: userId }),
      known.likes?._id === userId
        ? known.likes
        : this.connection.collection<ReaderLikesReadModel>(SocialReadModelCollection.ReaderLikes).findOne({ _id: userId }),
    ]);
    return { unreadReplies: unreadReplyCount(inbox), uncheckedUpdates: uncheckedUpdateCount(likes) };
  }
}
