import { type Collection, MongoServerError } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

export interface LockDocument {
  _id: string;
  owner: string;
  until: Date;
}

const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === 11000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Locks kept in the store, made of the one write every supported store does atomically: inserting a document with a
 * new `_id`. A lock expires, so a process killed while holding one delays the others only until `until`. Each
 * instance is an owner of its own: locks are not re-entrant.
 */
export class StoreLocks {
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID()}`;

  constructor(private readonly collection: Collection<LockDocument>) {}

  /**
   * Takes the lock unless another owner holds it; an expired one is taken over. It looks before it writes: a lock held
   * by another costs one read, not a failed write (waiters poll this).
   */
  async tryAcquire(id: string, ttlMs: number): Promise<boolean> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const held = await this.collection.findOne({ _id: id });
      if (held && held.until.getTime() > Date.now()) return false;
      if (held) await this.collection.deleteOne({ _id: id, owner: held.owner, until: held.until });
      try {
        await this.collection.insertOne({ _id: id, owner: this.owner, until: new Date(Date.now() + ttlMs) });
        return true;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    return false;
  }

  /** Waits for the lock (a few ms at a time) and runs `work` holding it. */
  async withLock<T>(id: string, ttlMs: number, work: () => Promise<T>): Promise<T> {
    for (let attempt = 0; !(await this.tryAcquire(id, ttlMs)); attempt++) await pause(Math.min(50, 1 + attempt) * Math.random());
    try {
      return await work();
    } finally {
      await this.release(id);
    }
  }

  async renew(id: string, ttlMs: number): Promise<void> {
    await this.collection.updateOne({ _id: id, owner: this.owner }, { $set: { until: new Date(Date.now() + ttlMs) } });
  }

  async release(id: string): Promise<void> {
    await this.collection.deleteOne({ _id: id, owner: this.owner });
  }
}
