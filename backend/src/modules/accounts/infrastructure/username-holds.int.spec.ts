// The username holds of erased accounts against the real store: keyed, anonymous, and swept once expired.
import { KeyEncryptionKey } from '@shelf/server-config';
import { testEnv } from '@test/support';
import mongoose, { type Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { sha256 } from './sha256';
import { USERNAME_HOLDS_COLLECTION, UsernameHolds } from './username-holds';

describe('UsernameHolds', () => {
  let connection: Connection;
  const kek = new KeyEncryptionKey(randomBytes(32).toString('base64url'));
  const later = () => new Date(Date.now() + 60_000);

  beforeAll(async () => {
    connection = await mongoose.createConnection(testEnv(__filename).MONGO_URL).asPromise();
    await connection.dropDatabase();
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('holds a name under a keyed hash: no name, no account, nothing a list of names finds without the key', async () => {
    const holds = new UsernameHolds(connection, kek);
    await holds.hold('gone reader', later());
    expect(await holds.isHeld('gone reader')).toBe(true);
    expect(await holds.isHeld('someone else')).toBe(false);
    const stored = await connection.collection(USERNAME_HOLDS_COLLECTION).find({}).toArray();
    expect(stored).toEqual([{ _id: expect.any(String), heldUntil: expect.any(Date) }]);
    // Hashing a list of names, as one could the unkeyed holds, finds none; nor does another key.
    expect(stored[0]._id).not.toBe(sha256('gone reader'));
    expect(await new UsernameHolds(connection, new KeyEncryptionKey(randomBytes(32).toString('base64url'))).isHeld('gone reader')).toBe(false);
  });

  it('deletes holds once expired, and honours an unkeyed hold until it expires, without its account', async () => {
    const holds = new UsernameHolds(connection, kek);
    await holds.hold('brief', new Date(Date.now() - 1000));
    const claims = connection.collection<{ _id: string; userId?: string; heldUntil: Date }>('account_claims');
    await claims.insertMany([
      { _id: `username-held:${sha256('old hold')}`, userId: 'user-old', heldUntil: later() },
      { _id: `username-held:${sha256('old expired')}`, userId: 'user-older', heldUntil: new Date(Date.now() - 1000) },
    ]);
    expect([await holds.isHeld('brief'), await holds.isHeld('old hold'), await holds.isHeld('old expired')]).toEqual([false, true, false]);

    await holds.sweep();
    expect(await connection.collection(USERNAME_HOLDS_COLLECTION).countDocuments({})).toBe(1); // the first test's, live
    expect(await claims.find({}).toArray()).toEqual([{ _id: `username-held:${sha256('old hold')}`, heldUntil: expect.any(Date) }]);
    expect(await holds.isHeld('old hold')).toBe(true);

    await holds.sweep(new Date(Date.now() + 120_000));
    expect(await connection.collection(USERNAME_HOLDS_COLLECTION).countDocuments({})).toBe(0);
    expect(await claims.countDocuments({})).toBe(0);
  });
});
