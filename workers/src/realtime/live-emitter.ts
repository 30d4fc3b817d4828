import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  type BadgeCounts,
  type ChapterPublishedPush,
  type CommentPush,
  LivePush,
  type ModerationPush,
  RealtimeRoom,
  liveReadersRedisKey,
  realtimeRedisKey,
  type ServerToClientEvents,
  type ThreadRef,
  type UserRenamedPush,
} from '@shelf/contracts';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { SERVICE_ENV, type ServiceEnv } from '../config/service-env';

/** The push for each change a comment can go through. */
const COMMENT_PUSHES = {
  created: LivePush.CommentCreated,
  edited: LivePush.CommentEdited,
  deleted: LivePush.CommentDeleted,
  removed: LivePush.CommentRemoved,
  restored: LivePush.CommentRestored,
} as const;

/**
 * The workers' side of the live channel: pushes to the API processes' sockets through Redis (the socket.io Redis
 * emitter; the API runs the matching adapter under the same key). A push is a hint that read models changed, sent
 * once they have: it is fire-and-forget, and when Redis is away it is lost with a warning, never an error.
 */
@Injectable()
export class LiveEmitter implements BeforeApplicationShutdown {
  private readonly logger = new Logger(LiveEmitter.name);
  private readonly redis: Redis;
  private readonly emitter: Emitter<ServerToClientEvents>;
  private readonly presenceKey: string;

  constructor(@Inject(SERVICE_ENV) env: ServiceEnv) {
    // disconnectTimeout: with Redis away at shutdown, ioredis would otherwise hold the process open for 2 s;
    // commandTimeout: a stalled Redis must not hold a batch up (see present).
    this.redis = new Redis(env.redisUrl, { maxRetriesPerRequest: 1, disconnectTimeout: 100, commandTimeout: 1000 });
    this.redis.on('error', () => undefined);
    // The emitter publishes without awaiting: give it a client whose failed publish is logged, not left unhandled.
    const publisher = {
      publish: (channel: string, message: string | Buffer) =>
        this.redis.publish(channel, message).catch((error: Error) => this.logger.warn(`a live push was lost: ${error.message}`)),
    };
    this.emitter = new Emitter<ServerToClientEvents>(publisher, { key: realtimeRedisKey(env.queuePrefix) });
    this.presenceKey = liveReadersRedisKey(env.queuePrefix);
  }

  /**
   * Those of the readers with a live socket now (liveReadersRedisKey); all of them when Redis cannot tell, so that a
   * push is never dropped for want of an answer.
   */
  async present(userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const scores = await this.redis.zmscore(this.presenceKey, ...userIds).catch(() => null);
    if (!scores) return [...userIds];
    const now = Date.now();
    return userIds.filter((_, i) => Number(scores[i] ?? 0) > now);
  }

  /** The user's header badge counts changed. */
  badgesChanged(userId: string, counts: BadgeCounts): void {
    this.emitter.to(RealtimeRoom.user(userId)).emit(LivePush.BadgesChanged, counts);
  }

  /**
   * A comment of the thread was created, edited, deleted, removed or restored (the push carries it as readers now see
   * it). Sockets of readers who muted or blocked its author (`authorId`) get it folded instead, in their muters' room,
   * whichever thread they follow (the client keeps a push of a thread it shows); the thread's room gets it as it is.
   */
  comment(kind: keyof typeof COMMENT_PUSHES, push: CommentPush, authorId: string): void {
    const name = COMMENT_PUSHES[kind];
    const thread = this.emitter.to(RealtimeRoom.thread(push.thread));
    // A deleted or removed comment names no author and shows nothing of them: everyone gets it alike.
    if (push.comment.user_id === null) {
      thread.emit(name, push);
      return;
    }
    const [muted, blocked] = [RealtimeRoom.muters('muted', authorId), RealtimeRoom.muters('blocked', authorId)];
    thread.except([muted, blocked]).emit(name, push);
    this.emitter.to(blocked).emit(name, { ...push, comment: { ...push.comment, author_relation: 'blocked' } });
    this.emitter.to(muted).except(blocked).emit(name, { ...push, comment: { ...push.comment, author_relation: 'muted' } });
  }

  /** The reader's sockets join (`on`) or leave a muters' room (RealtimeRoom.muters). */
  muterRoom(userId: string, room: string, on: boolean): void {
    const sockets = this.emitter.in(RealtimeRoom.user(userId));
    if (on) sockets.socketsJoin(room);
    else sockets.socketsLeave(room);
  }

  /** The moderation queue changed: operators on it fetch it again. */
  moderationChanged(push: ModerationPush): void {
    this.emitter.to(RealtimeRoom.operators).emit(LivePush.ModerationChanged, push);
  }

  /** A new chapter of the book is in the catalog read models: its story and chapter pages show a notice and refetch. */
  chapterPublished(push: ChapterPublishedPush): void {
    this.emitter.to(RealtimeRoom.book(push.book_id)).emit(LivePush.ChapterPublished, push);
  }

  /** A reader changed their name: every socket following a thread shows it on the reader's comments there. */
  userRenamed(push: UserRenamedPush): void {
    this.emitter.to(RealtimeRoom.threadFollowers).emit(LivePush.UserRenamed, push);
  }

  likeCount(thread: ThreadRef, commentId: string, likeCount: number): void {
    this.emitter.to(RealtimeRoom.thread(thread)).emit(LivePush.CommentLikeCount, { thread, comment_id: commentId, like_count: likeCount });
  }

  async beforeApplicationShutdown(): Promise<void> {
    // QUIT is answered after the publishes sent before it; a connection that is down (or goes down meanwhile, as
    // when Redis stops with the rest of `npm start`) is just dropped.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
