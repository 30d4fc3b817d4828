import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { LIVE_PRESENCE_MS, liveReadersRedisKey } from '@shelf/contracts';
import { SERVICE_ENV, type ServiceEnv } from '../platform/config/service-env';
import { RedisClient } from '../platform/redis-client';

/**
 * Tells the workers which readers have a live socket here (liveReadersRedisKey): at the handshake, then every third of
 * LIVE_PRESENCE_MS for every reader still connected, so presence outlives no process by more than LIVE_PRESENCE_MS and
 * comes back by itself within a third of it after Redis lost it. A failure only costs a reader's live badges meanwhile.
 */
@Injectable()
export class LivePresence implements BeforeApplicationShutdown {
  private readonly key: string;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly redis: RedisClient,
    @Inject(SERVICE_ENV) env: ServiceEnv,
  ) {
    this.key = liveReadersRedisKey(env.queuePrefix);
  }

  /** Records the readers as present, and keeps recording those `connected` returns from now on. */
  async confirm(userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    const until = Date.now() + LIVE_PRESENCE_MS;
    await this.redis.zadd(this.key, ...userIds.flatMap((userId) => [until, userId]));
  }

  /** Confirms every third of LIVE_PRESENCE_MS the readers `connected` lists (this process's sockets). */
  keepUp(connected: () => readonly string[]): void {
    this.timer ??= setInterval(() => void this.confirm([...new Set(connected())]).catch(() => undefined), LIVE_PRESENCE_MS / 3);
    this.timer.unref();
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
