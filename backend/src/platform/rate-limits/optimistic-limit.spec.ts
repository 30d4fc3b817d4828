import { ThrottlerStorageService } from '@nestjs/throttler';
import { OptimisticLimit } from './optimistic-limit';
import { rateLimitKey } from './rate-limit';
import type { HitCounter } from './rate-limit-storage';

const LIMIT = { name: 'search', limit: 10, ttl: 10_000 };

/** Longer than the limit gathers the requests it lets through at once. */
const afterGathering = () => new Promise((resolve) => setTimeout(resolve, 50));

/** The throttler's in-memory storage, adding several hits at once; `calls` lists the hits of each call. */
function memoryCounter(storage: ThrottlerStorageService): HitCounter & { calls: number[] } {
  const calls: number[] = [];
  return {
    calls,
    async add(hits, key, ttl, limit, blockDuration, name) {
      calls.push(hits);
      // All at once, as Redis adds them in one step (the storage counts before its promise settles).
      const records = await Promise.all(Array.from({ length: hits }, () => storage.increment(key, ttl, limit, blockDuration, name)));
      return records[hits - 1];
    },
  };
}

describe('a limit that does not keep a client far below it waiting', () => {
  let storage: ThrottlerStorageService;
  let counter: ReturnType<typeof memoryCounter>;
  let limit: OptimisticLimit;

  beforeEach(() => {
    storage = new ThrottlerStorageService();
    counter = memoryCounter(storage);
    limit = new OptimisticLimit(counter, LIMIT);
  });
  afterEach(() => storage.onApplicationShutdown());

  it('makes the first request of a client wait for its count, then lets the next ones go on at once while far below the limit', async () => {
    const first = limit.check('10.0.0.1');
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(false);
    expect(limit.check('10.0.0.1')).toBe(false);
    expect(limit.check('10.0.0.1')).toBe(false);
    await afterGathering();
    // Counted all the same, in the shared storage: the two let through at once in one call.
    expect(counter.calls).toEqual([1, 2]);
    const hits = await storage.increment(rateLimitKey(LIMIT.name, '10.0.0.1'), LIMIT.ttl, LIMIT.limit, LIMIT.ttl, LIMIT.name);
    expect(hits.totalHits).toBe(4);
  });

  it('sends the requests it let through at once along with the next one that waits, whose verdict counts them', async () => {
    await limit.check('10.0.0.6');
    for (let i = 0; i < 4; i++) expect(limit.check('10.0.0.6')).toBe(false);
    // 1 + 4 reach half the limit: this one waits, and its count carries the 4.
    expect(await limit.check('10.0.0.6')).toBe(false);
    expect(counter.calls).toEqual([1, 5]);
    await afterGathering();
    expect(counter.calls).toEqual([1, 5]);
  });

  it('lets at most half the limit go on without an answer, however many arrive at once', async () => {
    await limit.check('10.0.0.2');
    const burst = Array.from({ length: 50 }, () => limit.check('10.0.0.2'));
    const atOnce = burst.filter((verdict) => verdict === false).length;
    // The first was answered (1 hit): 4 more fit below half of 10.
    expect(atOnce).toBe(4);
    const verdicts = await Promise.all(burst);
    expect(verdicts.filter((over) => !over)).toHaveLength(LIMIT.limit - 1);
    expect(verdicts.filter((over) => over)).toHaveLength(50 - (LIMIT.limit - 1));
  });

  it('refuses a client past the limit on every request until the block ends, without letting one go on at once', async () => {
    for (let i = 0; i < LIMIT.limit; i++) expect(await limit.check('10.0.0.3')).toBe(false);
    expect(await limit.check('10.0.0.3')).toBe(true);
    const next = limit.check('10.0.0.3');
    expect(next).toBeInstanceOf(Promise);
    expect(await next).toBe(true);
  });

  it('counts the clients of one limit apart', async () => {
    for (let i = 0; i <= LIMIT.limit; i++) await limit.check('10.0.0.4');
    expect(await limit.check('10.0.0.4')).toBe(true);
    expect(await limit.check('10.0.0.5')).toBe(false);
  });
});
