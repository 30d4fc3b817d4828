// The bound on store calls in flight (STORE_POOL): FerretDB 1.24 on SQLite can stop answering everyone when about 100
// updates are in flight at once (each holds one of its 100 SQLite connections and waits for another; `bench:projections`
// at 80 events/s froze it in 3 runs of 3 before the bound, in none of 3 after). The API and the workers keep 16 each.
import { getConnectionToken } from '@nestjs/mongoose';
import { STORE_POOL } from '@shelf/server-config';
import { testEnv } from '@test/support';
import type { Connection } from 'mongoose';
import { startSite, type TestSite } from '../site-harness';

describe('store calls in flight', () => {
  let site: TestSite;

  beforeAll(async () => {
    site = await startSite(testEnv(__filename));
  }, 60_000);

  afterAll(async () => {
    await site?.close();
  }, 60_000);

  it('are at most STORE_POOL for the API and for the workers', () => {
    const workers = site.workers.get<Connection>(getConnectionToken());
    expect(STORE_POOL.maxPoolSize).toBeLessThanOrEqual(32);
    expect(site.store.getClient().options.maxPoolSize).toBe(STORE_POOL.maxPoolSize);
    expect(workers.getClient().options.maxPoolSize).toBe(STORE_POOL.maxPoolSize);
  });
});
