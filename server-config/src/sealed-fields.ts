import { SEALED_PREFIX, SEALED_V1_PREFIX } from '@shelf/contracts';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
/** GCM's full tag, pinned on both sides: a shortened tag is refused, never checked on fewer bytes. */
const TAG_BYTES = 16;

/** Where a sealed value belongs: it opens there only (v2). */
export interface FieldPlace {
  owner: string;
  type: string;
  field: string;
}

const associatedData = ({ owner, type, field }: FieldPlace) => Buffer.from(JSON.stringify([owner, type, field]), 'utf8');

/** `text` sealed (AES-256-GCM) under `key`, bound to its owner, event type and field. */
export function sealField(key: Buffer, text: string, place: FieldPlace): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(place));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/**
 * The text of a sealed value, or null when it does not open: another key, a changed byte, a short tag, or (v2) sealed
 * for another owner, event type or field. A v1 value, sealed before values were bound to their place, opens anywhere
 * its key does.
 */
export function openField(key: Buffer, value: string, place: FieldPlace): string | null {
  const v2 = value.startsWith(SEALED_PREFIX);
  if (!v2 && !value.startsWith(SEALED_V1_PREFIX)) return null;
  const bytes = Buffer.from(value.slice(SEALED_PREFIX.length), 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    if (v2) decipher.setAAD(associatedData(place));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
