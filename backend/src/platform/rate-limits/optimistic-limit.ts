import { rateLimitKey, type RateLimit } from './rate-limit';
import type { HitCounter } from './rate-limit-storage';

/** What this process last heard from the shared count of one key, and its own counts not answered yet. */
interface Known {
  hits: number;
  /** When the count's window (or block) ends: after that the shared count starts again. */
  until: number;
  unanswered: number;
}

/** How long the requests let through at once are gathered before their count goes out, in one call per client. */
const GATHER_MS = 20;
/** Clients whose count is kept at most; past it the longest kept is forgotten (its next request waits for its count). */
const MAX_KNOWN = 100_000;

/**
 * A limit counted in the throttler's shared storage for every request, without making a request wait for Redis while
 * its client is far from the limit: below half of it, as last heard and counting this process's unanswered counts,
 * the request goes on at once, and such requests are counted together, each client's in one call every 20 ms. Nearer
 * the limit (or unheard of), the request waits for its count, exactly as `overLimit`. So a client that keeps within
 * the limit never waits on the round trip and costs Redis one call per 20 ms, and one that goes over it is refused as
 * before: one process lets at most half the limit through on an old count. (A process that stops loses at most the
 * last 20 ms of such counts.)
 */
export class OptimisticLimit {
  /** In the order they were first heard of (a Map: an LRU cache's bookkeeping cost more than the rest of a check). */
  private readonly known = new Map<string, Known>();
  /** Requests let through at once and not yet sent, by client. */
  private readonly gathered = new Map<string, { hits: number; known: Known }>();
  private sending: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly storage: HitCounter,
    private readonly limit: RateLimit,
  ) {}

  /** Counts one request of `key`: false (go on) at once when far below the limit, else whether it is over. */
  check(key: string): false | Promise<boolean> {
    const known = this.known.get(key);
    if (!known || known.until <= Date.now() || known.hits + known.unanswered >= this.limit.limit / 2) {
      // Its count takes along the client's requests gathered meanwhile, so that its verdict counts them too.
      return this.send(key, 1, known);
    }
    known.unanswered++;
    const gathered = this.gathered.get(key);
    if (gathered) gathered.hits++;
    else this.gathered.set(key, { hits: 1, known });
    this.sending ??= setTimeout(() => this.sendGathered(), GATHER_MS).unref();
    return false;
  }

  private sendGathered(): void {
    this.sending = undefined;
    for (const key of [...this.gathered.keys()]) void this.send(key, 0).catch(() => undefined);
  }

  /** Counts `hits` more of `key` with the ones gathered for it; whether it is now over the limit. */
  private send(key: string, hits: number, known?: Known): Promise<boolean> {
    const gathered = this.gathered.get(key);
    this.gathered.delete(key);
    if (!gathered) return this.count(key, hits, known);
    return this.count(key, hits + gathered.hits, gathered.known).finally(() => (gathered.known.unanswered -= gathered.hits));
  }

  private async count(key: string, hits: number, known: Known = { hits: 0, until: 0, unanswered: 0 }): Promise<boolean> {
    const { name, limit, ttl } = this.limit;
    const { totalHits, timeToExpire, isBlocked, timeToBlockExpire } = await this.storage.add(hits, rateLimitKey(name, key), ttl, limit, ttl, name);
    // The storage answers in whole seconds, rounded up: the window is taken to last a little long, which only makes a
    // request wait for its count sooner.
    known.hits = isBlocked ? Infinity : totalHits;
    known.until = Date.now() + 1000 * (isBlocked ? timeToBlockExpire : timeToExpire);
    if (!this.known.has(key) && this.known.size >= MAX_KNOWN) this.known.delete(this.known.keys().next().value!);
    this.known.set(key, known);
    return isBlocked;
  }
}
