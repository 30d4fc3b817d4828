import { SEALED_PREFIX, SEALED_V1_PREFIX } from '@shelf/contracts';
import { createCipheriv, randomBytes } from 'node:crypto';
import { openField, sealField } from './sealed-fields';

const key = randomBytes(32);
const place = { owner: 'reader-1', type: 'library.search-preset-saved.v1', field: 'name' };

/** A value as v1 sealed it: no associated data. */
function sealedV1(text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return SEALED_V1_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

describe('a sealed field', () => {
  it('opens where it was sealed, as v2', () => {
    const sealed = sealField(key, 'Cozy fantasy', place);
    expect(sealed.startsWith(SEALED_PREFIX)).toBe(true);
    expect(sealed).not.toContain('Cozy');
    expect(openField(key, sealed, place)).toBe('Cozy fantasy');
  });

  it('does not open in another field, event type or owner, nor under another key', () => {
    const sealed = sealField(key, 'Cozy fantasy', place);
    expect(openField(key, sealed, { ...place, field: 'query' })).toBeNull();
    expect(openField(key, sealed, { ...place, type: 'library.search-preset-deleted.v1' })).toBeNull();
    expect(openField(key, sealed, { ...place, owner: 'reader-2' })).toBeNull();
    expect(openField(randomBytes(32), sealed, place)).toBeNull();
  });

  it('refuses a tag cut short or a changed byte', () => {
    const sealed = sealField(key, 'Cozy fantasy', place);
    const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
    // The tag cut to 4 bytes (the cipher text moved up), as GCM would accept were the length not pinned.
    const shortTag = Buffer.concat([bytes.subarray(0, 16), bytes.subarray(28)]);
    expect(openField(key, SEALED_PREFIX + shortTag.toString('base64url'), place)).toBeNull();
    expect(openField(key, SEALED_PREFIX + bytes.subarray(0, 20).toString('base64url'), place)).toBeNull();
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 1] ^= 1;
    expect(openField(key, SEALED_PREFIX + flipped.toString('base64url'), place)).toBeNull();
  });

  it('still opens a v1 value, wherever its key does', () => {
    const old = sealedV1('Reader One');
    expect(openField(key, old, place)).toBe('Reader One');
    expect(openField(key, old, { ...place, field: 'query' })).toBe('Reader One');
    expect(openField(randomBytes(32), old, place)).toBeNull();
  });
});
