import { Inject, Injectable } from '@nestjs/common';
import { COMMENT_RULES } from '@shelf/contracts';
import { RedisClient } from '../../../platform/redis-client';
import { SERVICE_ENV, type ServiceEnv } from '../../../platform/config/service-env';

/** The 30 seconds between one reader's comments, kept in Redis so every API process sees them. */
@Injectable()
export class CommentCooldown {
  constructor(
    @Inject(SERVICE_ENV) private readonly env: ServiceEnv,
    private readonly redis: RedisClient,
  ) {}

  private key(userId: string): string {
    return `${this.env.queuePrefix}:comment-cooldown:${userId}`;
  }

  /** Starts the reader's cooldown; when one is running, resolves with the milliseconds left of it instead. */
  async start(userId: string): Promise<number> {
    const started = await this.redis.set(this.key(userId), '1', 'PX', COMMENT_RULES.cooldownMs, 'NX').catch((error: unknown) => {
      // A SET that timed out may still be applied when Redis answers again, and the reader, told to try again, would
      // find a cooldown instead: give it back right after it (in order on the same connection), without waiting. A
      // cooldown that was already running goes too; the lesser harm.
      this.redis.del(this.key(userId)).catch(() => undefined);
      throw error;
    });
    if (started === 'OK') return 0;
    return Math.max(1, await this.redis.pttl(this.key(userId)));
  }

  /** Gives the cooldown back when the comment could not be stored. */
  async cancel(userId: string): Promise<void> {
    await this.redis.del(this.key(userId));
  }
}
