import { Injectable } from '@nestjs/common';
import {
  type BadgeCounts,
  loadReaderLikes,
  type ReaderLikesReadModel,
  SocialReadModelCollection,
  uncheckedUpdateCount,
} from '@shelf/contracts';
import { ReplyInbox } from '@shelf/read-model-formats';
import { ReadModels } from '../engine';
import { LiveEmitter } from './live-emitter';

/**
 * Sends readers their header badge counts, as the store holds them now (see LiveDelivery): only to readers with a live
 * socket, since working them out costs a read of each of the reader's parts.
 */
@Injectable()
export class BadgeNotifier {
  constructor(
    private readonly readModels: ReadModels,
    private readonly live: LiveEmitter,
  ) {}

  async notify(userIds: Iterable<string>): Promise<void> {
    for (const userId of await this.live.present([...new Set(userIds)])) this.live.badgesChanged(userId, await this.countsFor(userId));
  }

  private async countsFor(userId: string): Promise<BadgeCounts> {
    const likeParts = this.readModels.collection<ReaderLikesReadModel>(SocialReadModelCollection.ReaderLikes);
    const [inbox, likes] = await Promise.all([ReplyInbox.open((name) => this.readModels.collection(name), userId), loadReaderLikes(userId, (filter) => likeParts.findOne(filter))]);
    return { unreadReplies: await inbox.unreadCount(), uncheckedUpdates: uncheckedUpdateCount(likes) };
  }
}
