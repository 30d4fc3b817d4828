import { Injectable } from '@nestjs/common';
import { type CommentEntry, ERASED_NAME, type LivePushRequest, toCommentView, type UserReadModel, AccountReadModelCollection, RealtimeRoom } from '@shelf/contracts';
import { type LivePushes, ReadModels } from '../engine';
import { BadgeNotifier } from './badge-notifier';
import { LiveEmitter } from './live-emitter';

/** Whether a pushed comment shows its author's current name (not when hidden, nor once its author is erased). */
const named = (entry: CommentEntry) => !(entry.deleted || entry.removed || entry.username === ERASED_NAME);

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
    const names = await this.currentNames(requests);
    for (const request of requests) {
      switch (request.kind) {
        case 'badges':
          readers.add(request.userId);
          break;
        case 'comment':
          this.live.comment(request.change, { thread: request.thread, comment: toCommentView(request.entry, named(request.entry) ? names : undefined) }, request.entry.user_id);
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
   * The names now of the authors of the comments pushed, from the users read model in one query, as the API names
   * authors: an edit pushed after its author changed their name must not bring the old one back. A failed lookup
   * falls back to the names the comments were posted with. An entry whose author is being erased names them
   * ERASED_NAME already (comment.author-erased.v1, appended before the account is); a hidden comment shows no name.
   */
  private async currentNames(requests: readonly LivePushRequest[]): Promise<ReadonlyMap<string, string>> {
    const ids = [...new Set(requests.flatMap((request) => (request.kind === 'comment' && named(request.entry) ? [request.entry.user_id] : [])))];
    if (ids.length === 0) return new Map();
    const users = await this.readModels
      .collection<UserReadModel>(AccountReadModelCollection.Users)
      .find({ _id: { $in: ids } })
      .toArray()
      .catch(() => []);
    return new Map(users.map((user) => [user._id, user.username]));
  }
}
