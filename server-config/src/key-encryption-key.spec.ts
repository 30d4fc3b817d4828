import { randomBytes } from 'node:crypto';
import { KeyEncryptionKey, KeyNotUnwrapped } from './key-encryption-key';

const secret = () => randomBytes(32).toString('base64url');

describe('the key-encryption key', () => {
  const kek = new KeyEncryptionKey(secret());
  const personal = randomBytes(32);

  it('wraps a personal key so that it unwraps only with the same secret, for the same account', () => {
    const wrapped = kek.wrap('reader-1', personal);
    expect(wrapped.includes(personal)).toBe(false);
    expect(kek.unwrap('reader-1', wrapped)).toEqual(personal);
    expect(() => kek.unwrap('reader-2', wrapped)).toThrow(KeyNotUnwrapped);
    expect(() => new KeyEncryptionKey(secret()).unwrap('reader-1', wrapped)).toThrow(KeyNotUnwrapped);
    const changed = Buffer.from(wrapped);
    changed[20] ^= 1;
    expect(() => kek.unwrap('reader-1', changed)).toThrow(KeyNotUnwrapped);
  });

  it('keys the username holds with a key of their own, different under another secret', () => {
    expect(kek.holdOf('reader one')).toBe(kek.holdOf('reader one'));
    expect(kek.holdOf('reader one')).not.toBe(kek.holdOf('reader two'));
    expect(new KeyEncryptionKey(secret()).holdOf('reader one')).not.toBe(kek.holdOf('reader one'));
  });

  it('refuses a secret shorter than 32 characters', () => {
    expect(() => new KeyEncryptionKey('short')).toThrow('KEY_ENCRYPTION_KEY must be at least 32 characters long.');
  });
});
