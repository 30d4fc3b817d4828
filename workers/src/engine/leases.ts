import type { Collection } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { isDuplicateKey } from '@shelf/event-log';

/**
 * One holding of a lease: its epoch, higher than every earlier holding's of the same lease. A lease decides who works;
 * whether the work counts is decided by commits (batch-commits.ts), never by the lease.
 */
export interface Lease {
  id: string;
  epoch: number;
}

/** A claim of a lease for one epoch: `{lease}#{epoch}`, made by inserting it (the store's one atomic write). */
interface ClaimDocument {
  _id: string;
  lease: string;
  epoch: number;
  owner: string;
  until: Date;
  /** Someone waits for the lease (want): its holder lets go at its next renewal instead of keeping it while busy. */
  wanted?: boolean;
}

/** Where a lease's latest epoch was last seen: a hint, since it is replaced without a condition. */
interface HintDocument {
  _id: string;
  epoch: number;
}

export type LeaseDocument = ClaimDocument | HintDocument;

/**
 * Raised when a holder finds that another has taken over (a later epoch of its lease, or a batch number of its commit
 * stream committed by another writer): it must stop and drop what it holds in memory.
 */
export class LeaseLost extends Error {
  constructor(lease: string, epoch: number, how: string) {
    super(`lease ${lease} (epoch ${epoch}) was taken over: ${how}`);
  }
}

const claimId = (lease: string, epoch: number) => `${lease}#${epoch}`;

/** A holding found in the way: its epoch, until when it holds (unless renewed), and whether its holder is this one. */
export interface Held {
  epoch: number;
  until: Date;
  mine: boolean;
}
/** Claims looked up past the hint before deciding that the newest is found (a hint lags at most by one: see acquire). */
const PROBE_MISSES = 2;
/** How often a process waiting for a lease marks it wanted again. */
const WANT_AGAIN_MS = 1000;

/**
 * Leases with epochs (docs/architecture.md, "Batches committed by one insert"). A lease expires, so a holder killed or
 * frozen holds the others up only until then; a frozen holder that wakes up after a successor took over still believes
 * it holds the lease until it renews (renewing fails once a successor exists), which is why the lease only decides who
 * works and the commits decide what is written. Made of inserts (a claim per epoch, whose unique id makes each epoch
 * one holder's), id lookups and updates of one's own claim.
 */
export class Leases {
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID()}`;

  constructor(private readonly collection: Collection<LeaseDocument>) {}

  private claims() {
    return this.collection as unknown as Collection<ClaimDocument>;
  }

  /**
   * Takes the lease with the next epoch unless it is held (its newest claim has not expired); null when it is, and then
   * `refused` hears the holding (see Held).
   */
  async tryAcquire(id: string, ttlMs: number, refused?: (held: Held) => void): Promise<Lease | null> {
    const newest = await this.newest(id);
    if (newest.claim && newest.claim.until.getTime() > Date.now()) {
      refused?.({ epoch: newest.epoch, until: newest.claim.until, mine: newest.claim.owner === this.owner });
      return null;
    }
    const epoch = newest.epoch + 1;
    try {
      await this.claims().insertOne({ _id: claimId(id, epoch), lease: id, epoch, owner: this.owner, until: new Date(Date.now() + ttlMs) });
    } catch (error) {
      if (isDuplicateKey(error)) return null; // another claimed this epoch first
      throw error;
    }
    // The hint and the clean-up are best effort: the claims alone decide. The claim before this one is kept, so that a
    // hint written late by its holder (one epoch behind) still leads here.
    await this.collection.replaceOne({ _id: id }, { epoch }, { upsert: true }).catch(() => undefined);
    if (epoch > 2) await this.collection.deleteOne({ _id: claimId(id, epoch - 2) }).catch(() => undefined);
    return { id, epoch };
  }

  /**
   * Extends the lease; resolves with whether someone wants it (want). Throws LeaseLost when a later epoch was claimed or
   * the claim is no longer this holder's.
   */
  async renew(lease: Lease, ttlMs: number): Promise<{ wanted: boolean }> {
    if (await this.claims().findOne({ _id: claimId(lease.id, lease.epoch + 1) })) throw new LeaseLost(lease.id, lease.epoch, 'a later epoch was claimed');
    const renewed = await this.claims().findOneAndUpdate({ _id: claimId(lease.id, lease.epoch), owner: this.owner }, { $set: { until: new Date(Date.now() + ttlMs) } });
    if (!renewed) throw new LeaseLost(lease.id, lease.epoch, 'its claim is gone');
    return { wanted: renewed.wanted === true };
  }

  /**
   * Asks the lease's holder, if any, to let it go at its next renewal (a rebuild, an operator's retry of a parked
   * event): a consumer otherwise keeps a busy partition. The mark is on the holding's claim, so the next holding starts
   * without it.
   */
  async want(id: string): Promise<void> {
    const { epoch, claim } = await this.newest(id);
    if (claim && claim.until.getTime() > Date.now()) await this.claims().updateOne({ _id: claimId(id, epoch) }, { $set: { wanted: true } });
  }

  /** Lets the lease go at once (the next claimer need not wait for it to expire). */
  async release(lease: Lease): Promise<void> {
    await this.claims().updateOne({ _id: claimId(lease.id, lease.epoch), owner: this.owner }, { $set: { until: new Date(0) } });
  }

  /**
   * Whether the holding of `epoch` still holds the lease (one read of its claim: a claim is live only for its holder);
   * null when it has expired or been let go, and then only tryAcquire tells whether another holds it.
   */
  async stillHeld(id: string, epoch: number): Promise<Held | null> {
    const claim = await this.claims().findOne({ _id: claimId(id, epoch) });
    return claim && claim.until.getTime() > Date.now() ? { epoch, until: claim.until, mine: claim.owner === this.owner } : null;
  }

  /** Whether someone holds the lease now (its newest claim has not expired nor been let go). */
  async held(id: string): Promise<boolean> {
    const { claim } = await this.newest(id);
    return claim !== null && claim.until.getTime() > Date.now();
  }

  /**
   * Waits for the lease (a few ms at a time, `ttlMs` at most: long enough for a holder that died to have lost it, or a
   * live one asked to let go to have renewed), wanting it, and runs `work` holding it; throws when it stays held.
   */
  async withLease<T>(id: string, ttlMs: number, work: (lease: Lease) => Promise<T>): Promise<T> {
    const started = performance.now();
    const lease = await this.acquire(id, ttlMs, () => performance.now() - started > ttlMs);
    if (!lease) throw new Error(`lease ${id} stayed held for ${ttlMs} ms: try again`);
    try {
      return await work(lease);
    } finally {
      await this.release(lease).catch(() => undefined);
    }
  }

  /**
   * Takes the lease, wanting it from its holder (again every WANT_AGAIN_MS: a holder may let go and take it again before
   * this one's try) and trying a few ms at a time, until `giveUp` says so (then null).
   */
  async acquire(id: string, ttlMs: number, giveUp: () => boolean = () => false): Promise<Lease | null> {
    let lease: Lease | null;
    let wanted = 0;
    for (let attempt = 0; !(lease = await this.tryAcquire(id, ttlMs)); attempt++) {
      if (giveUp()) return null;
      if (performance.now() - wanted > WANT_AGAIN_MS) {
        await this.want(id);
        wanted = performance.now();
      }
      await pause(Math.min(50, 1 + attempt) * Math.random());
    }
    return lease;
  }

  /** The newest claim of a lease and its epoch (0 and null for a lease never claimed). */
  private async newest(id: string): Promise<{ epoch: number; claim: ClaimDocument | null }> {
    const hint = (await this.collection.findOne({ _id: id })) as HintDocument | null;
    let found: { epoch: number; claim: ClaimDocument | null } = { epoch: hint?.epoch ?? 0, claim: null };
    // The hinted epoch and the PROBE_MISSES after it at once; on past them only while claims are found (rare).
    for (let from = Math.max(1, found.epoch); ; from += PROBE_MISSES + 1) {
      const epochs = Array.from({ length: PROBE_MISSES + 1 }, (_, i) => from + i);
      const claims = await Promise.all(epochs.map((epoch) => this.claims().findOne({ _id: claimId(id, epoch) })));
      claims.forEach((claim, i) => claim && (found = { epoch: epochs[i], claim }));
      if (found.epoch < epochs.at(-1)! - PROBE_MISSES + 1) return found;
    }
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
