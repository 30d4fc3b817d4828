import type { Redis } from 'ioredis';

const CHANNEL = 'search-index:books-changed';

/** The message: the changed book ids, or 'all' after a replacement of the whole index. */
export type IndexChange = number[] | 'all';

/**
 * Tells every process that holds the embedded index which documents changed, over Redis pub/sub. A subscriber that
 * was disconnected reloads everything on reconnect, so a missed message costs a reload, never a stale index.
 */
export class ChangeFeed {
  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
  ) {
    // Connection trouble shows in the health check; ioredis reconnects and resubscribes by itself.
    publisher.on('error', () => undefined);
    subscriber.on('error', () => undefined);
  }

  async publish(change: IndexChange): Promise<void> {
    await this.publisher.publish(CHANNEL, JSON.stringify(change));
  }

  /** Starts listening; does not wait for Redis, so a process can start while Redis is away. */
  subscribe(onChange: (change: IndexChange) => void): void {
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === CHANNEL) onChange(JSON.parse(message) as IndexChange);
    });
    this.subscriber.on('ready', () => onChange('all'));
    this.subscriber.subscribe(CHANNEL).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
