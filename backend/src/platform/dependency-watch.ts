import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { ConnectionCheckedInEvent, ConnectionCheckedOutEvent, ConnectionClosedEvent, ConnectionCreatedEvent, ConnectionReadyEvent } from 'mongodb';
import { type Connection, ConnectionStates } from 'mongoose';
import { RedisClient } from './redis-client';

/** The services a request may wait on. */
export type Dependency = 'store' | 'redis';

/**
 * The store not answering anything for this long, while calls wait on it, means it is stalled: a well store answers in
 * milliseconds, and a busy one still answers some call every few milliseconds, however many wait behind them. Below
 * the request deadline's first check, so that a request is given up by then.
 */
const STALLED_MS = 750;

/**
 * Tells, without asking them, whether the store or Redis is away right now: the store when it is disconnected, or when
 * a call (or a new connection's handshake) has waited over 750 ms and the store has answered nothing for as long (a
 * stalled server keeps TCP open, so nothing fails, it just never answers). A store that keeps answering is not away,
 * however long the queue behind it: load is not shed, only a store that stopped. Redis is away when its connection is
 * not ready (its own commands time out, see redis-client.ts).
 */
@Injectable()
export class DependencyWatch implements OnModuleInit {
  /** When each store connection now in use was taken from the pool, or began opening, by server and connection id. */
  private readonly storeWaitsSince = new Map<string, number>();
  /** When the store last answered a call or a handshake (a connection given back to the pool, or ready). */
  private storeAnsweredAt = Date.now();

  constructor(
    @InjectConnection() private readonly store: Connection,
    private readonly redis: RedisClient,
  ) {}

  onModuleInit(): void {
    type Event = ConnectionCreatedEvent | ConnectionReadyEvent | ConnectionCheckedOutEvent | ConnectionCheckedInEvent | ConnectionClosedEvent;
    const key = (event: Event) => `${event.address}/${event.connectionId}`;
    const client = this.store.getClient();
    client.on('connectionCreated', (event) => this.storeWaitsSince.set(key(event), Date.now()));
    client.on('connectionReady', (event) => this.answered(key(event)));
    client.on('connectionCheckedOut', (event) => this.storeWaitsSince.set(key(event), Date.now()));
    client.on('connectionCheckedIn', (event) => this.answered(key(event)));
    client.on('connectionClosed', (event) => this.storeWaitsSince.delete(key(event)));
  }

  /** The dependency that is not answering now, or null when both seem well. */
  away(): Dependency | null {
    if (this.store.readyState !== ConnectionStates.connected) return 'store';
    const stalledSince = Date.now() - STALLED_MS;
    if (this.storeAnsweredAt < stalledSince) {
      for (const since of this.storeWaitsSince.values()) if (since < stalledSince) return 'store';
    }
    if (this.redis.status !== 'ready') return 'redis';
    return null;
  }

  private answered(connection: string): void {
    this.storeWaitsSince.delete(connection);
    this.storeAnsweredAt = Date.now();
  }
}
