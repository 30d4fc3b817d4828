import { createReadStream } from 'node:fs';
import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bytes a partition's spool gathers before they are appended to its file. */
const WRITE_CHUNK = 1 << 20;

/** One spooled entry: an event's place in its partition and the event as stored (BSON). */
export interface SpooledEntry {
  seq: number;
  raw: Buffer;
}

/**
 * The log split by partition on local disk, in the OS temp folder (about the log's size): read once from the store in
 * its natural order, then replayed one partition at a time. Each record is the position (8 bytes) and the stored event
 * as the store sent it (BSON, which starts with its own length).
 */
export class Spool {
  private readonly pending = new Map<number, Buffer[]>();
  private pendingBytes = 0;
  private readonly counts = new Map<number, number>();
  private readonly files = new Map<number, FileHandle>();

  private constructor(private readonly dir: string) {}

  static async create(): Promise<Spool> {
    return new Spool(await mkdtemp(join(tmpdir(), 'shelf-rebuild-')));
  }

  /** Entries spooled for the partition. */
  count(partition: number): number {
    return this.counts.get(partition) ?? 0;
  }

  /** Adds an entry; resolves once what was gathered is on disk, when there was enough of it. */
  async append(partition: number, seq: number, raw: Buffer): Promise<void> {
    const place = Buffer.allocUnsafe(8);
    place.writeDoubleLE(seq);
    const chunks = this.pending.get(partition) ?? [];
    chunks.push(place, raw);
    this.pending.set(partition, chunks);
    this.counts.set(partition, this.count(partition) + 1);
    this.pendingBytes += 8 + raw.length;
    if (this.pendingBytes >= WRITE_CHUNK) await this.save();
  }

  /** Writes everything gathered. */
  async save(): Promise<void> {
    const pending = [...this.pending];
    this.pending.clear();
    this.pendingBytes = 0;
    for (const [partition, chunks] of pending) {
      let file = this.files.get(partition);
      if (!file) this.files.set(partition, (file = await open(this.file(partition), 'a')));
      await file.writev(chunks);
    }
  }

  /** The partition's entries in the order they were spooled (save first). */
  async *read(partition: number): AsyncGenerator<SpooledEntry> {
    if (this.count(partition) === 0) return;
    let rest: Buffer = Buffer.alloc(0);
    for await (const chunk of createReadStream(this.file(partition), { highWaterMark: WRITE_CHUNK })) {
      const buffer: Buffer = rest.length > 0 ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
      let at = 0;
      while (buffer.length - at >= 12) {
        const end = at + 8 + buffer.readInt32LE(at + 8);
        if (end > buffer.length) break;
        yield { seq: buffer.readDoubleLE(at), raw: buffer.subarray(at + 8, end) };
        at = end;
      }
      rest = buffer.subarray(at);
    }
    if (rest.length > 0) throw new Error(`the rebuild's spool of partition ${partition} ends in the middle of an entry`);
  }

  /** Removes the spooled files. */
  async remove(): Promise<void> {
    await Promise.all([...this.files.values()].map((file) => file.close().catch(() => undefined)));
    this.files.clear();
    await rm(this.dir, { recursive: true, force: true });
  }

  private file(partition: number): string {
    return join(this.dir, `p${partition}.bson`);
  }
}
