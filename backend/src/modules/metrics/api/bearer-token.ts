import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether an Authorization header carries exactly this bearer token. Equal-length digests are compared in constant
 * time, so neither the token's content nor its length leaks through timing.
 */
export function hasBearerToken(header: string | undefined, expected: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  const matches = timingSafeEqual(digest(given), digest(expected));
  return given !== '' && matches;
}
