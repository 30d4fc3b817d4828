import { LRUCache } from 'lru-cache';
import type { ResponseCache } from './response-cache';

/** As long as the API's own answers are reused (response-cache.ts): random recommendations change this often. */
const TTL_MS = 60_000;

/**
 * What is made from the API's public answers (rendered pages, feeds), by key: kept a minute at most and forgotten
 * whenever the response cache is emptied (a catalog change, a rebuild, a reconnect), so it never shows an older catalog
 * than the API answers. What was being made while the cache was emptied is sent but not kept: it may have been made
 * from the answers before the change.
 */
export class MadeFromAnswers<V extends object> {
  private readonly entries: LRUCache<string, V>;
  private emptied = 0;

  constructor(answers: ResponseCache, maxSize: number, sizeOf: (value: V) => number) {
    this.entries = new LRUCache<string, V>({ maxSize, ttl: TTL_MS, sizeCalculation: sizeOf });
    answers.onClear(() => {
      this.emptied += 1;
      this.entries.clear();
    });
  }

  /**
   * What is kept under `key`, or what `make` makes now: kept unless it is null (nothing to keep) or the cache was
   * emptied meanwhile. A hit costs one lookup: `make` runs only on a miss.
   */
  async remembered<R extends V | null>(key: string, make: () => Promise<R>): Promise<V | R> {
    const kept = this.entries.get(key);
    if (kept) return kept;
    const emptied = this.emptied;
    const made = await make();
    if (made !== null && emptied === this.emptied) this.entries.set(key, made);
    return made;
  }
}
