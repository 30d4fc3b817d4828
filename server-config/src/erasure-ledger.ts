import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** One erasure: its time (ISO 8601, UTC) and the account's id, then a line break. */
const RECORD = /(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z) (\S+)\n/g;

export interface ErasureLedgerEntry {
  userId: string;
  /** When the account's erasure began (the first time, for an account named more than once). */
  at: Date;
}

/**
 * The erasure ledger (docs/operations.md, "Erasure and backups"): one line per erasure, the time and the account's id
 * (no name, no address), appended and synced before anything of the account is erased. It lives in a file beside the
 * site's secrets, outside the store and its backups, so that after a restore `npm run erasures:reapply` knows every
 * account erased since the backup was taken. Appends of one short line each (O_APPEND) do not interleave, so the API
 * processes of one host share it.
 */
export class ErasureLedger {
  constructor(readonly file: string) {}

  async append(userId: string, at = new Date()): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    const handle = await open(this.file, 'a', 0o600);
    try {
      await handle.appendFile(`${at.toISOString()} ${userId}\n`);
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  /** Every account the ledger names, once each, oldest first; none when there is no ledger yet. */
  async entries(): Promise<ErasureLedgerEntry[]> {
    const text = await readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
    const entries = new Map<string, ErasureLedgerEntry>();
    // Read as records, not lines: a record a crash cut short runs into the next one, which is still found whole.
    for (const [, time, userId] of text.matchAll(RECORD)) if (!entries.has(userId)) entries.set(userId, { userId, at: new Date(time) });
    return [...entries.values()];
  }
}
