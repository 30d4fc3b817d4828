import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { ConnectionCheckedInEvent, ConnectionCheckedOutEvent, ConnectionClosedEvent, ConnectionCreatedEvent, ConnectionReadyEvent } from 'mongodb';
import { type Connection, ConnectionStates } from 'mongoose';
import { RedisClient } from './redis-client';

/** The services a request may wait on. */
export type Dependency = 'store' | 'redis';

/**
 * A store call waiting this long means the store is not answering: it answers in milliseconds when well. Below the
 * request deadline, so that a call which began after a Redis timeout still counts by about 2 s into the request.
 */
const STALLED_MS = 750;

/**
 * Tells, without asking them, whether the store or Redis is away right now: the store when it is disconnected, a call
 * has held one of its connections for over 750 ms, or a new connection has waited as long for the store's handshake
 * (a stalled server keeps TCP open, so nothing fails, it just never answers); Redis when its connection is not ready
 * (its own commands time out, see redis-client.ts).
 */
@Injectable()
export class DependencyWatch implements OnModuleInit {
  /** When each store connection now in use was taken from the pool, or began opening, by server and connection id. */
  private readonly storeWaitsSince = new Map<string, number>();

  constructor(
    @InjectConnection() private readonly store: Connection,
    private readonly redis: RedisClient,
  ) {}

  onModuleInit(): void {
    type Event = ConnectionCreatedEvent | ConnectionReadyEvent | ConnectionCheckedOutEvent | ConnectionCheckedInEvent | ConnectionClosedEvent;
    const key = (event: Event) => `${event.address}/${event.connectionId}`;
    const client = this.store.getClient();
    client.on('connectionCreated', (event) => this.storeWaitsSince.set(key(event), Date.now()));
    client.on('connectionReady', (event) => this.storeWaitsSince.delete(key(event)));
    client.on('connectionCheckedOut', (event) => this.storeWaitsSince.set(key(event), Date.now()));
    client.on('connectionCheckedIn', (event) => this.storeWaitsSince.delete(key(event)));
    client.on('connectionClosed', (event) => this.storeWaitsSince.delete(key(event)));
  }

  /** The dependency that is not answering now, or null when both seem well. */
  away(): Dependency | null {
    if (this.store.readyState !== ConnectionStates.connected) return 'store';
    const stalledSince = Date.now() - STALLED_MS;
    for (const since of this.storeWaitsSince.values()) if (since < stalledSince) return 'store';
    if (this.redis.status !== 'ready') return 'redis';
    return null;
  }
}
