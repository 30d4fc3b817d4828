import { Injectable } from '@nestjs/common';
import {
  type BadgeCounts,
  loadReaderLikes,
  type ReaderLikesReadModel,
  type ReplyInboxReadModel,
  SocialReadModelCollection,
  uncheckedUpdateCount,
  unreadReplyCount,
} from '@shelf/contracts';
import { ReadModels } from '../projections/read-models';
import { LiveEmitter } from './live-emitter';

/** Sends a reader their header badge counts, as the read models hold them now. */
@Injectable()
export class BadgeNotifier {
  constructor(
    private readonly readModels: ReadModels,
    private readonly live: LiveEmitter,
  ) {}

  /** `known` holds read models the caller has just written, so they need not be read again. */
  async notify(userIds: Iterable<string>, known: { inbox?: ReplyInboxReadModel } = {}): Promise<void> {
    if (this.readModels.rebuilding) return;
    for (const userId of new Set(userIds)) this.live.badgesChanged(userId, await this.countsFor(userId, known));
  }

  private async countsFor(userId: string, known: { inbox?: ReplyInboxReadModel }): Promise<BadgeCounts> {
    const likeParts = this.readModels.collection<ReaderLikesReadModel>(SocialReadModelCollection.ReaderLikes);
    const [inbox, likes] = await Promise.all([
      known.inbox?._id === userId
        ? known.inbox
        : this.readModels.collection<ReplyInboxReadModel>(SocialReadModelCollection.ReplyInboxes).findOne({ _id: userId }),
      loadReaderLikes(userId, (filter) => likeParts.findOne(filter)),
    ]);
    return { unreadReplies: unreadReplyCount(inbox), uncheckedUpdates: uncheckedUpdateCount(likes) };
  }
}
