import { type BeforeApplicationShutdown, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { erasedAccountOf, READ_MODEL_CHANGES_CHANNEL } from '@shelf/contracts';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { SERVICE_ENV, type ServiceEnv } from '../config/service-env';
import { personalKeysOf } from './personal-keys-of';

/**
 * Erasures announced on the change channel (by the erasing API process, and by the workers as they project
 * `user.erased.v1`): this process forgets its copy of the account's key at once, so an event of the account it
 * projects from then on reads as erased, not opened with a key it still knew (docs/architecture.md, "Erasure"). It
 * may miss one while not subscribed: after each (re)subscription every live key is read again.
 */
@Injectable()
export class ErasureListener implements OnModuleInit, BeforeApplicationShutdown {
  private readonly subscriber: Redis;

  constructor(
    @Inject(SERVICE_ENV) env: ServiceEnv,
    @InjectConnection() private readonly connection: Connection,
  ) {
    this.subscriber = new Redis(env.redisUrl, { disconnectTimeout: 100 });
    this.subscriber.on('error', () => undefined);
  }

  /** The keys this process's log readers open with; none before the store's connection is open (nothing known yet). */
  private get keys() {
    return this.connection.db ? personalKeysOf(this.connection.db) : null;
  }

  onModuleInit(): void {
    this.subscriber.on('message', (_channel: string, message: string) => {
      const userId = erasedAccountOf(message);
      if (userId) this.keys?.erasedElsewhere(userId);
    });
    this.subscriber.on('ready', () => this.subscribe());
    if (this.subscriber.status === 'ready') this.subscribe();
  }

  private subscribe(): void {
    this.subscriber.subscribe(READ_MODEL_CHANGES_CHANNEL).then(
      () => this.keys?.forgetLive(),
      () => undefined,
    );
  }

  beforeApplicationShutdown(): void {
    this.subscriber.disconnect();
  }
}
