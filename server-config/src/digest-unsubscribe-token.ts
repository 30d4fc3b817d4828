import { createHmac, timingSafeEqual } from 'node:crypto';

type Kind = 'replies' | 'chapters';
const KINDS: readonly string[] = ['replies', 'chapters'];

const keyOf = (authSecret: string) => createHmac('sha256', authSecret).update('digest-unsubscribe').digest();
const macOf = (authSecret: string, body: string) => createHmac('sha256', keyOf(authSecret)).update(body).digest().subarray(0, 16);

/**
 * The token of a digest's one-click unsubscribe link: the reader and the kind, then an HMAC of them (128 bits) under a
 * key derived from AUTH_SECRET. The workers sign it into each digest, the API checks it; it can only turn that digest
 * off, so it needs no expiry, and a changed AUTH_SECRET makes the links of digests already sent fail.
 */
export function signDigestUnsubscribe(authSecret: string, userId: string, kind: Kind): string {
  const body = `${userId}.${kind}`;
  return `${body}.${macOf(authSecret, body).toString('base64url')}`;
}

/** The reader and kind a token names, or null when it was not signed with this AUTH_SECRET (or is no token). */
export function readDigestUnsubscribe(authSecret: string, token: string): { userId: string; kind: Kind } | null {
  const match = /^([0-9a-f-]{36})\.(replies|chapters)\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match || !KINDS.includes(match[2])) return null;
  const expected = macOf(authSecret, `${match[1]}.${match[2]}`);
  const given = Buffer.from(match[3], 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId: match[1], kind: match[2] as Kind } : null;
}
