import type { ThrottlerStorage } from '@nestjs/throttler';

/** At most `limit` attempts per `ttl` milliseconds for one key (a client address, an account, a reader). */
export interface RateLimit {
  readonly name: string;
  readonly limit: number;
  readonly ttl: number;
}

/** The storage key of one limit's count for one key, lower-cased (an e-mail address names one account in any case). */
export const rateLimitKey = (name: string, key: string): string => `${name}:${key.toLowerCase()}`;

/**
 * Counts one attempt against `limit` for `key` in the throttler's storage, for the limits its guard cannot count (keys
 * from the body, requests answered before Nest); true when past the limit, which then holds for one more window.
 */
export async function overLimit(storage: ThrottlerStorage, { name, limit, ttl }: RateLimit, key: string): Promise<boolean> {
  const { isBlocked } = await storage.increment(rateLimitKey(name, key), ttl, limit, ttl, name);
  return isBlocked;
}
