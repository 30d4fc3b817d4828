import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Text sealed (AES-256-GCM) under a key made from a secret the holder presents, here a used refresh token: the store
 * keeps a used token's successor only in this form, so a copy of the store gives no token anyone could present.
 */
const keyOf = (secret: string) => createHash('sha256').update(`sealed-text:${secret}`).digest();

export function seal(secret: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The sealed text, or null when `secret` is not the one it was sealed under. */
export function unseal(secret: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
