import { Injectable } from '@nestjs/common';
import { type CommentEntry, ERASED_NAME, type LivePushRequest, toCommentView, type UserReadModel, AccountReadModelCollection, RealtimeRoom } from '@shelf/contracts';
import { type LivePushes, ReadModels } from '../engine';
import { BadgeNotifier } from './badge-notifier';
import { LiveEmitter } from './live-emitter';

/**
 * Sends queued pushes in order, each reader's badge counts once per batch, read from the store as they are now: the
 * projection engine's LIVE_PUSHES port (engine/ports.ts), bound to this class in WorkersModule.
 */
@Injectable()
export class LiveDelivery implements LivePushes {
  constructor(
    private readonly live: LiveEmitter,
    private readonly badges: BadgeNotifier,
    private readonly readModels: ReadModels,
  ) {}

  async deliver(requests: readonly LivePushRequest[]): Promise<void> {
    const readers = new Set<string>();
    for (const request of requests) {
      switch (request.kind) {
        case 'badges':
          readers.add(request.userId);
          break;
        case 'comment':
          this.live.comment(request.change, { thread: request.thread, comment: toCommentView(request.entry, await this.currentName(request.entry)) }, request.entry.user_id);
          break;
        case 'comment-like-count':
          this.live.likeCount(request.thread, request.commentId, request.likeCount);
          break;
        case 'moderation':
          this.live.moderationChanged(request.push);
          break;
        case 'chapter-published':
          this.live.chapterPublished(request.push);
          break;
        case 'user-renamed':
          this.live.userRenamed(request.push);
          break;
        case 'muter-room':
          this.live.muterRoom(request.userId, RealtimeRoom.muters(request.relation, request.targetId), request.on);
          break;
      }
    }
    await this.badges.notify(readers);
  }

  /**
   * The author's name now, from the users read model, as the API names authors: an edit pushed after its author changed
   * their name must not bring the old one back. A failed lookup falls back to the name the comment was posted with. An
   * entry whose author is being erased names them ERASED_NAME already (comment.author-erased.v1, appended before the
   * account is).
   */
  private async currentName(entry: CommentEntry): Promise<ReadonlyMap<string, string>> {
    if (entry.deleted || entry.removed || entry.username === ERASED_NAME) return new Map();
    const user = await this.readModels
      .collection<UserReadModel>(AccountReadModelCollection.Users)
      .findOne({ _id: entry.user_id })
      .catch(() => null);
    return new Map(user ? [[user._id, user.username]] : []);
  }
}
