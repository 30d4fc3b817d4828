import { runInNewContext } from 'node:vm';
import { MongoBulkWriteError, MongoNetworkError } from 'mongodb';
import { isOutage } from './is-outage';

describe('which failures of a projection are outages, waited out rather than counted against the event', () => {
  it('the driver’s network errors', () => {
    expect(isOutage(new MongoNetworkError('connection 3 to 127.0.0.1:27017 closed'))).toBe(true);
  });

  it('a socket the store closed under a pooled connection, made in Node’s own realm', () => {
    const closed: unknown = runInNewContext("Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' })");
    expect(closed instanceof Error).toBe(false);
    expect(isOutage(closed)).toBe(true);
  });

  it('a bulk write that timed out or lost its connection (the driver says so in a MongoBulkWriteError with no write errors)', () => {
    for (const message of ['Timed out during socket read (298ms)', 'Timed out during connection checkout', 'connection 1 to 127.0.0.1:27017 timed out']) {
      expect(isOutage(new MongoBulkWriteError({ message, writeErrors: [] } as never, {} as never))).toBe(true);
    }
  });

  it('Redis or the search engine not answering', () => {
    expect(isOutage(Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' }))).toBe(true);
  });

  it('not an error of the code itself, nor a thrown non-error', () => {
    expect(isOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isOutage('Connection is closed')).toBe(false);
  });
});
