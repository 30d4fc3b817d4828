import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStoreRestarts } from './store-restarts';

describe('readStoreRestarts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-restarts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is null for a store nobody supervises here (no file named)', () => {
    expect(readStoreRestarts(undefined)).toBeNull();
  });

  it('counts no restart before the supervisor wrote its record, or when the record is damaged', () => {
    expect(readStoreRestarts(join(dir, 'none.json'))).toEqual({ total: 0, last: null });
    writeFileSync(join(dir, 'damaged.json'), '{"total": 3, "restarts": [');
    expect(readStoreRestarts(join(dir, 'damaged.json'))).toEqual({ total: 0, last: null });
  });

  it('gives the total and the latest restart of the record', () => {
    const older = { at: '2026-11-28T10:00:00.000Z', reason: 'it exited by itself (SIGKILL)', dump: null };
    const latest = { at: '2026-11-28T11:00:00.000Z', reason: 'it answered no probe for 3 probes in a row', dump: '/data/store-dumps/x.txt' };
    writeFileSync(join(dir, 'record.json'), JSON.stringify({ total: 25, restarts: [older, latest] }));
    expect(readStoreRestarts(join(dir, 'record.json'))).toEqual({ total: 25, last: latest });
  });
});
