// A bulk write that times out or loses its connection is not a refusal: its batch must not be taken as written.
import { MongoBulkWriteError } from 'mongodb';
import type { Db } from 'mongodb';
import { applyWrites } from './stamped-writes';

/** How the driver fails a bulk write whose deadline passed (measured on FerretDB, the store stopped): no write errors. */
const timedOut = () => new MongoBulkWriteError({ message: 'Timed out during socket read (298ms)', writeErrors: [] } as never, {} as never);
const refused = (index: number) => new MongoBulkWriteError({ message: 'E11000 duplicate key error', code: 11000, writeErrors: [{ index, code: 11000 }] } as never, {} as never);

/** A store whose every command of the given kind fails with `error`. */
const failing = (kind: 'insertMany' | 'bulkWrite', error: () => Error): Db =>
  ({
    collection: () => ({
      insertMany: () => (kind === 'insertMany' ? Promise.reject(error()) : Promise.resolve({})),
      bulkWrite: () => (kind === 'bulkWrite' ? Promise.reject(error()) : Promise.resolve({})),
    }),
  }) as unknown as Db;

const writes = [{ collection: 'rm_test', inserted: [{ _id: 'new' }], replaced: [{ _id: 'old' }] }];

describe('stamped writes under a store that does not answer', () => {
  it('fails a batch whose replacements timed out', async () => {
    await expect(applyWrites(failing('bulkWrite', timedOut), writes, 2)).rejects.toThrow('Timed out during socket read');
  });

  it('fails a batch whose insertions timed out', async () => {
    await expect(applyWrites(failing('insertMany', timedOut), writes, 2)).rejects.toThrow('Timed out during socket read');
  });

  it('takes duplicate keys for refusals, as before', async () => {
    await expect(applyWrites(failing('bulkWrite', () => refused(0)), writes, 2)).resolves.toBeUndefined();
    await expect(applyWrites(failing('insertMany', () => refused(0)), writes, 2)).resolves.toBeUndefined();
  });
});
