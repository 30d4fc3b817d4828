interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Items written together at most. */
const MAX_GROUP = 100;

/**
 * Group commit: what is submitted under a key while that key's previous group is being written waits, and is then
 * written with the others that came meanwhile, in one go. An idle key writes at once (nothing waits for a timer); a
 * busy one writes fewer, larger groups, so the store's round trips stop growing with the writers. `write` resolves
 * with the items that failed on their own (the others succeeded); when it throws, the whole group failed.
 */
export class GroupCommit<T> {
  private readonly waiting = new Map<number, Waiting<T>[]>();
  private readonly busy = new Set<number>();

  constructor(private readonly write: (key: number, items: readonly T[]) => Promise<ReadonlyMap<T, unknown>>) {}

  commit(key: number, item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiting = this.waiting.get(key) ?? [];
      waiting.push({ item, resolve, reject });
      this.waiting.set(key, waiting);
      if (!this.busy.has(key)) void this.drain(key);
    });
  }

  private async drain(key: number): Promise<void> {
    this.busy.add(key);
    try {
      for (let waiting = this.waiting.get(key); waiting && waiting.length > 0; waiting = this.waiting.get(key)) {
        const group = waiting.splice(0, MAX_GROUP);
        if (waiting.length === 0) this.waiting.delete(key);
        try {
          const failures = await this.write(key, group.map((entry) => entry.item));
          for (const entry of group) {
            if (failures.has(entry.item)) entry.reject(failures.get(entry.item));
            else entry.resolve();
          }
        } catch (error) {
          for (const entry of group) entry.reject(error);
        }
      }
    } finally {
      this.busy.delete(key);
    }
  }
}
