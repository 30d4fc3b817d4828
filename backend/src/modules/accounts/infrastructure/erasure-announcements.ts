import { Inject, Injectable, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { accountErasedChange, erasedAccountOf, READ_MODEL_CHANGES_CHANNEL } from '@shelf/contracts';
import { PersonalKeys } from '@shelf/server-config';
import { Redis } from 'ioredis';
import { SERVICE_ENV, type ServiceEnv } from '../../../platform/config/service-env';

/**
 * Erasures told to every API process at once (docs/architecture.md, "Erasure"), on the channel the workers announce
 * read-model changes on: the erasing process announces, and each process, on hearing it, forgets the account's key
 * (so its tokens are refused) and tells its listeners (the live channel closes the account's sockets). While this
 * process is not subscribed it may miss one, so `listening` is false and token checks ask the store each time; after
 * a reconnect every key it knew is read again.
 */
@Injectable()
export class ErasureAnnouncements implements OnModuleInit, BeforeApplicationShutdown {
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  private readonly listeners: ((userId: string) => void)[] = [];
  private subscribed = false;

  constructor(
    @Inject(SERVICE_ENV) env: ServiceEnv,
    private readonly keys: PersonalKeys,
  ) {
    this.subscriber = new Redis(env.redisUrl);
    this.publisher = new Redis(env.redisUrl, { maxRetriesPerRequest: 1 });
    for (const connection of [this.subscriber, this.publisher]) connection.on('error', () => undefined);
  }

  /** Whether this process hears every erasure announced from now on. */
  get listening(): boolean {
    return this.subscribed;
  }

  onModuleInit(): void {
    this.subscriber.on('message', (_channel: string, message: string) => {
      const userId = erasedAccountOf(message);
      if (userId) this.heard(userId);
    });
    this.subscriber.on('close', () => (this.subscribed = false));
    // On each (re)connect: subscribed (again), and what was known before may have missed an erasure.
    this.subscriber.on('ready', () => this.subscribe());
    if (this.subscriber.status === 'ready') this.subscribe();
  }

  private subscribe(): void {
    this.subscriber.subscribe(READ_MODEL_CHANGES_CHANNEL).then(
      () => {
        this.keys.forgetLive();
        this.subscribed = true;
      },
      () => undefined,
    );
  }

  /** Calls `listener` with each account erased, by any process (this one included). */
  onErased(listener: (userId: string) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Whether the account is erased as this process knows it now (an announcement, or its own erasure), for a socket
   * whose token was checked a moment ago: a store that does not answer meanwhile leaves it connected.
   */
  erased(userId: string): Promise<boolean> {
    return this.keys.isErased(userId).catch(() => false);
  }

  /** Tells every API process, this one first, that the account is erased; best effort beyond this process. */
  async announce(userId: string): Promise<void> {
    this.heard(userId);
    await this.publisher.publish(READ_MODEL_CHANGES_CHANNEL, JSON.stringify(accountErasedChange(userId))).catch(() => undefined);
  }

  private heard(userId: string): void {
    this.keys.erasedElsewhere(userId);
    for (const listener of this.listeners) listener(userId);
  }

  beforeApplicationShutdown(): void {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
