import { ConnectionStates, type Connection } from 'mongoose';
import { EventEmitter } from 'node:events';
import { DependencyWatch } from './dependency-watch';
import type { RedisClient } from './redis-client';

describe('DependencyWatch', () => {
  /** The driver's pool events, as the store's client emits them. */
  let pool: EventEmitter;
  let watch: DependencyWatch;
  const connection = (id: number) => ({ address: '127.0.0.1:27017', connectionId: id });

  beforeEach(() => {
    jest.useFakeTimers();
    pool = new EventEmitter();
    const store = { readyState: ConnectionStates.connected, getClient: () => pool } as unknown as Connection;
    watch = new DependencyWatch(store, { status: 'ready' } as RedisClient);
    watch.onModuleInit();
  });

  afterEach(() => jest.useRealTimers());

  it('sees the store away once a call has waited 750 ms and nothing was answered meanwhile', () => {
    pool.emit('connectionCheckedOut', connection(1));
    jest.advanceTimersByTime(750);
    expect(watch.away()).toBeNull();
    jest.advanceTimersByTime(1);
    expect(watch.away()).toBe('store');
    pool.emit('connectionCheckedIn', connection(1));
    expect(watch.away()).toBeNull();
  });

  it('does not see a busy store away while it keeps answering, however long one call waits behind the others', () => {
    pool.emit('connectionCheckedOut', connection(1));
    for (let ms = 0; ms < 3000; ms += 100) {
      pool.emit('connectionCheckedOut', connection(2));
      jest.advanceTimersByTime(100);
      pool.emit('connectionCheckedIn', connection(2));
      expect(watch.away()).toBeNull();
    }
    // It stops answering: away 750 ms after its last answer.
    jest.advanceTimersByTime(751);
    expect(watch.away()).toBe('store');
  });

  it('sees the store away when a new connection has waited 750 ms for its handshake', () => {
    pool.emit('connectionCreated', connection(3));
    jest.advanceTimersByTime(751);
    expect(watch.away()).toBe('store');
    pool.emit('connectionReady', connection(3));
    expect(watch.away()).toBeNull();
  });
});
