import { runInNewContext } from 'node:vm';
import { MongoNetworkError } from 'mongodb';
import { awayDependency } from './service-unavailable';

describe('which dependency an error says is away', () => {
  it('the store, for the driver’s network errors and for a socket the store closed under a pooled connection', async () => {
    expect(awayDependency(new MongoNetworkError('connection closed'))).toBe('store');
    const closed = Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' });
    expect(awayDependency(closed)).toBe('store');
    expect(awayDependency(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe('store');
  });

  it('the store, for a socket error made in another realm than the app’s (Node’s own, under Jest)', () => {
    const foreign: unknown = runInNewContext("Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })");
    expect(foreign instanceof Error).toBe(false);
    expect(awayDependency(foreign)).toBe('store');
  });

  it('Redis, for what ioredis rejects a command with when Redis does not answer', () => {
    expect(awayDependency(new Error('Command timed out'))).toBe('redis');
  });

  it('none, for an error of the code itself', () => {
    expect(awayDependency(new Error('boom'))).toBeNull();
    expect(awayDependency(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBeNull();
  });
});
