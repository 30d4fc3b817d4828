import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  type BadgeCounts,
  type CommentPush,
  RealtimeRoom,
  realtimeRedisKey,
  type ServerToClientEvents,
  type ServiceEnv,
  type ThreadRef,
} from '@shelf/contracts';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { SERVICE_ENV } from '../service-env.token';

/** Pushes to the API's sockets through Redis (the socket.io Redis emitter), whichever API process holds them. */
@Injectable()
export class LiveEmitter implements BeforeApplicationShutdown {
  private readonly redis: Redis;
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(@Inject(SERVICE_ENV) env: ServiceEnv) {
    this.redis = new Redis(env.redisUrl);
    this.emitter = new Emitter<ServerToClientEvents>(this.redis, { key: realtimeRedisKey(env.queuePrefix) });
  }

  badgesChanged(userId: string, counts: BadgeCounts): void {
    this.emitter.to(RealtimeRoom.user(userId)).emit('badges:changed', counts);
  }

  comment(kind: 'created' | 'edited' | 'deleted' | 'removed', push: CommentPush): void {
    this.emitter.to(RealtimeRoom.thread(push.thread)).emit(`comment:${kind}`, push);
  }

  likeCount(thread: ThreadRef, commentId: string, likeCount: number): void {
    this.emitter.to(RealtimeRoom.thread(thread)).emit('comment:like-count', { thread, comment_id: commentId, like_count: likeCount });
  }

  beforeApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
