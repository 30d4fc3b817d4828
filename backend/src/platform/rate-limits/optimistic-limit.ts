import type { ThrottlerStorage } from '@nestjs/throttler';
import { LRUCache } from 'lru-cache';
import { rateLimitKey, type RateLimit } from './rate-limit';

/** What this process last heard from the shared count of one key, and its own counts not answered yet. */
interface Known {
  hits: number;
  /** When the count's window (or block) ends: after that the shared count starts again. */
  until: number;
  unanswered: number;
}

/**
 * A limit counted in the throttler's shared storage for every request, without making a request wait for Redis while
 * its client is far from the limit: below half of it, as last heard and counting this process's unanswered counts,
 * the request goes on at once and is counted beside it. Nearer the limit (or unheard of), the request waits for its
 * count, exactly as `overLimit`. So a client that keeps within the limit never waits on the round trip, and one that
 * goes over it is refused as before: one process lets at most half the limit through on an old count.
 */
export class OptimisticLimit {
  private readonly known = new LRUCache<string, Known>({ max: 100_000 });

  constructor(
    private readonly storage: ThrottlerStorage,
    private readonly limit: RateLimit,
  ) {}

  /** Counts one request of `key`: false (go on) at once when far below the limit, else whether it is over. */
  check(key: string): false | Promise<boolean> {
    const known = this.known.get(key);
    if (!known || known.until <= Date.now() || known.hits + known.unanswered >= this.limit.limit / 2) return this.count(key, known);
    known.unanswered++;
    void this.count(key, known)
      .catch(() => undefined)
      .finally(() => known.unanswered--);
    return false;
  }

  private async count(key: string, known: Known = { hits: 0, until: 0, unanswered: 0 }): Promise<boolean> {
    const { name, limit, ttl } = this.limit;
    const { totalHits, timeToExpire, isBlocked, timeToBlockExpire } = await this.storage.increment(rateLimitKey(name, key), ttl, limit, ttl, name);
    // The storage answers in whole seconds, rounded up: the window is taken to last a little long, which only makes a
    // request wait for its count sooner.
    known.hits = isBlocked ? Infinity : totalHits;
    known.until = Date.now() + 1000 * (isBlocked ? timeToBlockExpire : timeToExpire);
    this.known.set(key, known);
    return isBlocked;
  }
}
