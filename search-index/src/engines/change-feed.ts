import type { Redis } from 'ioredis';

/** The message: the changed book ids, or 'all' after a replacement of the whole index. */
export type IndexChange = number[] | 'all';

/**
 * Tells every process that holds the embedded index which documents changed, over Redis pub/sub. Pub/sub keeps no
 * message for a subscriber that is not subscribed yet (starting, or reconnecting): so each time the subscription is
 * confirmed, on the first connection and after every reconnect, the subscriber is told to reload everything ('all').
 * A missed message costs a reload, never a stale index. The subscriber's connection must not resubscribe by itself
 * (`autoResubscribe: false`): this feed resubscribes, and so knows when it is subscribed again. The channel is the
 * site's (`{QUEUE_PREFIX}:search-index:books-changed`), so that sites sharing a Redis do not hear each other.
 */
export class ChangeFeed {
  private readonly channel: string;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    prefix: string,
  ) {
    this.channel = `${prefix}:search-index:books-changed`;
    // Connection trouble shows in the health check; ioredis reconnects and resubscribes by itself.
    publisher.on('error', () => undefined);
    subscriber.on('error', () => undefined);
  }

  async publish(change: IndexChange): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(change));
  }

  /** Starts listening; does not wait for Redis, so a process can start while Redis is away. */
  subscribe(onChange: (change: IndexChange) => void): void {
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) onChange(JSON.parse(message) as IndexChange);
    });
    // Told only once Redis has confirmed the subscription: a change published before then is in the store by now.
    const listen = () => void this.subscriber.subscribe(this.channel).then(() => onChange('all'), () => undefined);
    this.subscriber.on('ready', listen);
    if (this.subscriber.status === 'ready') listen();
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
