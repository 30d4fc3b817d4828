import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Keys derived from the one secret, each for one use only. */
const derived = (secret: string, use: string) => Buffer.from(hkdfSync('sha256', secret, 'novel-shelf', use, 32));

/** A personal key that the key-encryption key does not open: another KEY_ENCRYPTION_KEY, or a changed byte. */
export class KeyNotUnwrapped extends Error {
  constructor(owner: string) {
    super(`the personal key of ${owner} does not open with this KEY_ENCRYPTION_KEY: is it the one the keys were wrapped with?`);
    this.name = 'KeyNotUnwrapped';
  }
}

/**
 * The key-encryption key (KEY_ENCRYPTION_KEY, docs/operations.md): a secret kept outside the store, beside AUTH_SECRET,
 * that wraps every personal key (AES-256-GCM, bound to its account), so a copy of the store alone opens no sealed
 * field. The username holds' keyed hash is derived from it too. The secret is never logged.
 */
export class KeyEncryptionKey {
  private readonly wrapping: Buffer;
  private readonly holds: Buffer;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('KEY_ENCRYPTION_KEY must be at least 32 characters long.');
    this.wrapping = derived(secret, 'personal-key-wrapping');
    this.holds = derived(secret, 'username-holds');
  }

  /** `key` wrapped for `owner`: IV, tag and cipher text. */
  wrap(owner: string, key: Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.wrapping, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(owner, 'utf8'));
    return Buffer.concat([iv, Buffer.concat([cipher.update(key), cipher.final()]), cipher.getAuthTag()]);
  }

  /** The personal key wrapped for `owner`; throws KeyNotUnwrapped when it does not open (never reads it as erased). */
  unwrap(owner: string, wrapped: Buffer): Buffer {
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.wrapping, wrapped.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(owner, 'utf8'));
      decipher.setAuthTag(wrapped.subarray(wrapped.length - TAG_BYTES));
      return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES, wrapped.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new KeyNotUnwrapped(owner);
    }
  }

  /** The keyed hash (HMAC-SHA-256) a username hold is stored under: without the secret, a list of names finds none. */
  holdOf(usernameKey: string): string {
    return createHmac('sha256', this.holds).update(usernameKey, 'utf8').digest('base64url');
  }
}
