import { Inject, Injectable } from '@nestjs/common';
import { COMMENT_RULES, type ServiceEnv } from '@shelf/contracts';
import { RedisClient } from '../../../platform/redis-client';
import { SERVICE_ENV } from '../../../platform/service-env.token';

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
    const started = await this.redis.set(this.key(userId), '1', 'PX', COMMENT_RULES.cooldownMs, 'NX');
    if (started === 'OK') return 0;
    return Math.max(1, await this.redis.pttl(this.key(userId)));
  }

  /** Gives the cooldown back when the comment could not be stored. */
  async cancel(userId: string): Promise<void> {
    await this.redis.del(this.key(userId));
  }
}
