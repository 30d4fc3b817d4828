// A lease's holder keeps it while busy and lets go when someone wants it (Leases.want), on the real store.
import { testDatabase } from '@test/support';
import type { Collection } from 'mongodb';
import { type LeaseDocument, LeaseLost, Leases } from './leases';

const LEASE = 'partition:p03';
const TTL_MS = 15_000;

describe('leases', () => {
  const database = testDatabase(__filename);
  let collection: Collection<LeaseDocument>;

  beforeEach(async () => {
    collection = database().collection<LeaseDocument>('projection_locks__leases_test');
    await collection.deleteMany({});
  });

  it('tells the holder at its renewal that someone wants the lease, and the next holding starts unwanted', async () => {
    const [holder, waiter] = [new Leases(collection), new Leases(collection)];
    const lease = (await holder.tryAcquire(LEASE, TTL_MS))!;
    expect(await holder.renew(lease, TTL_MS)).toEqual({ wanted: false });

    expect(await waiter.tryAcquire(LEASE, TTL_MS)).toBeNull();
    await waiter.want(LEASE);
    expect(await holder.renew(lease, TTL_MS)).toEqual({ wanted: true });

    await holder.release(lease);
    const taken = (await waiter.tryAcquire(LEASE, TTL_MS))!;
    expect(taken.epoch).toBe(lease.epoch + 1);
    expect(await waiter.renew(taken, TTL_MS)).toEqual({ wanted: false });
    await expect(holder.renew(lease, TTL_MS)).rejects.toBeInstanceOf(LeaseLost);
  });

  it('marks nothing on a lease nobody holds', async () => {
    const leases = new Leases(collection);
    await leases.want(LEASE);
    const lease = (await leases.tryAcquire(LEASE, TTL_MS))!;
    await leases.release(lease);
    await leases.want(LEASE);
    const next = (await leases.tryAcquire(LEASE, TTL_MS))!;
    expect(await leases.renew(next, TTL_MS)).toEqual({ wanted: false });
  });

  it('takes a lease its holder lets go when wanted, and gives up on one held past the wait', async () => {
    const [holder, waiter] = [new Leases(collection), new Leases(collection)];
    const lease = (await holder.tryAcquire(LEASE, TTL_MS))!;
    // The holder renews every 100 ms, as a busy consumer does each run, and lets go once its renewal says it is wanted.
    const holding = (async () => {
      while (!(await holder.renew(lease, TTL_MS)).wanted) await new Promise((resolve) => setTimeout(resolve, 100));
      await holder.release(lease);
    })();
    const started = Date.now();
    const taken = await waiter.acquire(LEASE, TTL_MS, () => Date.now() - started > 5000);
    expect(taken?.epoch).toBe(lease.epoch + 1);
    await holding;

    const gaveUp = Date.now();
    expect(await new Leases(collection).acquire(LEASE, TTL_MS, () => Date.now() - gaveUp > 300)).toBeNull();
  });

  it('tells from one claim whether a holding found in the way still holds', async () => {
    const [holder, other] = [new Leases(collection), new Leases(collection)];
    const lease = (await holder.tryAcquire(LEASE, TTL_MS))!;
    let seen: { epoch: number; mine: boolean } | null = null;
    expect(await other.tryAcquire(LEASE, TTL_MS, ({ epoch, mine }) => (seen = { epoch, mine }))).toBeNull();
    expect(seen).toEqual({ epoch: lease.epoch, mine: false });
    expect(await other.stillHeld(LEASE, lease.epoch)).toMatchObject({ epoch: lease.epoch, mine: false });
    expect(await holder.stillHeld(LEASE, lease.epoch)).toMatchObject({ mine: true });
    await holder.release(lease);
    expect(await other.stillHeld(LEASE, lease.epoch)).toBeNull();
    expect(await other.tryAcquire(LEASE, TTL_MS)).not.toBeNull();
  });
});
