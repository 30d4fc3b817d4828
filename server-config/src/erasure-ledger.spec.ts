import { appendFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErasureLedger } from './erasure-ledger';

describe('ErasureLedger', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'ledger-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('names nobody before its first erasure', async () => {
    expect(await new ErasureLedger(join(dir, 'none', 'erasure-ledger')).entries()).toEqual([]);
  });

  it('keeps one line of time and id per erasure, readable by its owner only, and names each account once', async () => {
    const ledger = new ErasureLedger(join(dir, 'data', 'erasure-ledger'));
    await ledger.append('user-1', new Date('2026-11-29T05:00:00Z'));
    await ledger.append('user-2', new Date('2026-11-29T05:01:00Z'));
    // A retried erasure appends again.
    await ledger.append('user-1', new Date('2026-11-29T05:02:00Z'));
    expect(await readFile(ledger.file, 'utf8')).toBe('2026-11-29T05:00:00.000Z user-1\n2026-11-29T05:01:00.000Z user-2\n2026-11-29T05:02:00.000Z user-1\n');
    expect((await stat(ledger.file)).mode & 0o777).toBe(0o600);
    expect(await ledger.entries()).toEqual([
      { userId: 'user-1', at: new Date('2026-11-29T05:00:00Z') },
      { userId: 'user-2', at: new Date('2026-11-29T05:01:00Z') },
    ]);
  });

  it('reads past a record a crash cut short', async () => {
    const ledger = new ErasureLedger(join(dir, 'erasure-ledger'));
    await ledger.append('user-1', new Date('2026-11-29T05:00:00Z'));
    for (const torn of ['2026-11-29T05:0', '2026-11-29T05:00:30.000Z user-']) {
      await appendFile(ledger.file, torn);
      await ledger.append('user-2', new Date('2026-11-29T05:01:00Z'));
    }
    expect((await ledger.entries()).map((entry) => entry.userId)).toEqual(['user-1', 'user-2']);
  });
});
