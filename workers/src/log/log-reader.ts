import {
  type AnyDomainEvent,
  EventLogCollection,
  partitionId,
  type PartitionHeadDocument,
  positionId,
  type PositionDocument,
  type StoredEventDocument,
  toDomainEvent,
} from '@shelf/contracts';
import { type Db, MongoServerError } from 'mongodb';

/** One place of a partition's log: the event there, or null for a place passed over (no event was stored for it). */
export interface LogEntry {
  seq: number;
  event: AnyDomainEvent | null;
}

/**
 * How long a reader waits for an append under way: for a drawn number to be written, or for a written position's
 * event to be stored. The event store places again the events of an append slower than 2 s, so a reader that gives
 * up after this finds them later in the log.
 */
export const APPEND_PATIENCE_MS = 5000;
const POLL_MS = 20;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === 11000;

/** Reads a partition of the log in order, by id lookups only (the one lookup every supported store indexes). */
export class LogReader {
  constructor(
    private readonly db: Db,
    private readonly patienceMs = APPEND_PATIENCE_MS,
  ) {}

  private get positions() {
    return this.db.collection<PositionDocument>(EventLogCollection.Positions);
  }

  private get events() {
    return this.db.collection<StoredEventDocument>(EventLogCollection.Events);
  }

  /** The highest number handed out in the partition. */
  async head(partition: number): Promise<number> {
    const doc = await this.db.collection<PartitionHeadDocument>(EventLogCollection.Partitions).findOne({ _id: partitionId(partition) });
    return doc?.head ?? 0;
  }

  /** Up to `limit` entries after position `after`, in order; fewer when the partition ends sooner. */
  async read(partition: number, after: number, limit: number): Promise<LogEntry[]> {
    const head = await this.head(partition);
    const entries: LogEntry[] = [];
    let next = after + 1;
    while (entries.length < limit) {
      // Up to the head in parallel; past it one at a time (a head read from a store without atomic updates may lag).
      const last = Math.min(after + limit, Math.max(head, next));
      const seqs = Array.from({ length: last - next + 1 }, (_, i) => next + i);
      const found = await Promise.all(seqs.map((seq) => this.positions.findOne({ _id: positionId(partition, seq) })));
      const events = await Promise.all(found.map((position) => (position ? this.eventAt(position) : undefined)));
      for (let i = 0; i < seqs.length; i++) {
        const seq = seqs[i];
        let position = found[i];
        if (!position) {
          if (seq > head) return entries;
          position = await this.awaitPosition(partition, seq);
        }
        const event = found[i] && events[i] !== undefined ? events[i] : await this.awaitEvent(position);
        entries.push({ seq, event: event ?? null });
      }
      next = last + 1;
    }
    return entries;
  }

  /**
   * The event a position points at: the event, null when another event holds its place (the append lost a race) or
   * for a tombstone, undefined while it is not stored (yet).
   */
  private async eventAt(position: PositionDocument): Promise<AnyDomainEvent | null | undefined> {
    if (!position.eventDocumentId) return null;
    const stored = await this.events.findOne({ _id: position.eventDocumentId });
    if (!stored) return undefined;
    return stored.eventId === position.eventId ? toDomainEvent(stored) : null;
  }

  private async awaitEvent(position: PositionDocument): Promise<AnyDomainEvent | null> {
    const deadline = Math.max(Date.now(), position.at.getTime() + this.patienceMs);
    for (;;) {
      const event = await this.eventAt(position);
      if (event !== undefined) return event;
      if (Date.now() >= deadline) return null;
      await pause(POLL_MS);
    }
  }

  /** Waits for a drawn number to be written; then fills it with a tombstone, so a late writer draws again. */
  private async awaitPosition(partition: number, seq: number): Promise<PositionDocument> {
    const id = positionId(partition, seq);
    const deadline = Date.now() + this.patienceMs;
    for (;;) {
      const position = await this.positions.findOne({ _id: id });
      if (position) return position;
      if (Date.now() >= deadline) break;
      await pause(POLL_MS);
    }
    const tombstone: PositionDocument = { _id: id, partition, seq, eventDocumentId: null, eventId: null, at: new Date() };
    try {
      await this.positions.insertOne(tombstone);
      return tombstone;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return (await this.positions.findOne({ _id: id }))!;
    }
  }
}
