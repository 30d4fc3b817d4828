import { Injectable } from '@nestjs/common';
import { type ChapterPublishedPush, type CommentEntry, type ModerationPush, type MuteRelation, type ThreadRef, toCommentView, type UserReadModel, type UserRenamedPush, AccountReadModelCollection, RealtimeRoom } from '@shelf/contracts';
import { ReadModels } from '../projections/read-models';
import { BadgeNotifier } from './badge-notifier';
import { LiveEmitter } from './live-emitter';

/**
 * A live push a projector asks for while it applies an event. Projectors only queue them (ProjectionContext.push);
 * the partition runner hands a batch's pushes to LiveDelivery once the documents they announce are stored, and a
 * rebuild drops them (docs/architecture.md, "Side effects").
 */
export type LivePushRequest =
  | { kind: 'badges'; userId: string }
  | { kind: 'comment'; change: 'created' | 'edited' | 'deleted' | 'removed' | 'restored'; thread: ThreadRef; entry: CommentEntry }
  | { kind: 'comment-like-count'; thread: ThreadRef; commentId: string; likeCount: number }
  | { kind: 'moderation'; push: ModerationPush }
  | { kind: 'chapter-published'; push: ChapterPublishedPush }
  | { kind: 'user-renamed'; push: UserRenamedPush }
  /** The reader `userId` muted or blocked `targetId` (on), or undid it: their sockets join or leave that muters' room. */
  | { kind: 'muter-room'; userId: string; targetId: string; relation: MuteRelation; on: boolean };

/** Sends queued pushes in order, each reader's badge counts once per batch, read from the store as they are now. */
@Injectable()
export class LiveDelivery {
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
   * their name must not bring the old one back. A failed lookup falls back to the name the comment was posted with.
   */
  private async currentName(entry: CommentEntry): Promise<ReadonlyMap<string, string>> {
    if (entry.deleted || entry.removed) return new Map();
    const user = await this.readModels
      .collection<UserReadModel>(AccountReadModelCollection.Users)
      .findOne({ _id: entry.user_id })
      .catch(() => null);
    return new Map(user ? [[user._id, user.username]] : []);
  }
}
