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
import { LogPositions } from '@shelf/event-log';
import { type Db } from 'mongodb';
import { inChunks } from '../store-bulk';
import { LateEvents } from './late-events';
import { personalKeysOf } from './personal-keys-of';

/** One place of a partition's log: the event there, or null for a place passed over (no event was stored for it). */
export interface LogEntry {
  seq: number;
  event: AnyDomainEvent | null;
}

/** What one read of a partition found. */
export interface LogBatch {
  /** The entries after the position read from, in order, up to the limit, the partition's end or a young hole. */
  entries: LogEntry[];
  /**
   * True when the batch stopped before a hole younger than the reader's patience (a number drawn but not written, or a
   * position whose event is not stored yet): the partition is not finished, read on from the last entry soon.
   */
  waiting: boolean;
}

/**
 * How long a reader waits for an append under way, from when it first saw the hole on its own clock: for a drawn
 * number to be written, or for a written position's event to be stored. Then it closes the hole: a tombstone fills a
 * number (a late writer draws again), and a position passed over is recorded, so that an event stored later is placed
 * again (LateEvents). The event store also places again the events of an append slower than 2 s.
 */
export const APPEND_PATIENCE_MS = 3000;
const POLL_MS = 20;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * When this process first saw each hole it has not closed yet, by partition and number, on its own clock. The readers
 * of one store share it (holesOf), so that the partition consumer knows whether its runner's reader left a partition
 * waiting at a hole, and a hole's patience starts once per process whichever reader saw it first.
 */
export class LogHoles {
  private readonly seen = new Map<number, Map<number, number>>();

  /** When the hole was first seen; `now` if it is seen for the first time. */
  firstSeen(partition: number, seq: number, now: number): number {
    let holes = this.seen.get(partition);
    if (!holes) this.seen.set(partition, (holes = new Map()));
    const first = holes.get(seq);
    if (first !== undefined) return first;
    holes.set(seq, now);
    return now;
  }

  /** The hole is filled or closed. */
  forget(partition: number, seq: number): void {
    this.seen.get(partition)?.delete(seq);
  }

  /** A caller reads on from `after`: every hole up to it is closed in the store (by whoever passed it). */
  passed(partition: number, after: number): void {
    const holes = this.seen.get(partition);
    for (const seq of holes?.keys() ?? []) if (seq <= after) holes!.delete(seq);
  }

  /** Whether a hole of the partition is waiting to be filled or closed. */
  open(partition: number): boolean {
    return (this.seen.get(partition)?.size ?? 0) > 0;
  }
}

const sharedHoles = new WeakMap<Db, LogHoles>();
/** The holes memory of the readers of one store in this process. */
export function holesOf(db: Db): LogHoles {
  let holes = sharedHoles.get(db);
  if (!holes) sharedHoles.set(db, (holes = new LogHoles()));
  return holes;
}

export interface LogReaderOptions {
  /** The reader's own clock, in milliseconds: a hole's age is measured on it alone, never against a writer's `at`. */
  clock?: () => number;
  /** Where the holes seen are remembered: by default shared by the readers of the store (holesOf). */
  holes?: LogHoles;
}

/** A place of a batch as first read: an entry ready, the partition's end, or a hole, expired or not. */
type Place =
  | { kind: 'entry'; seq: number; event: AnyDomainEvent | null }
  | { kind: 'end'; seq: number }
  | { kind: 'hole'; seq: number; position: PositionDocument | null; expired: boolean };

/**
 * Reads a partition of the log in order, by `_id` only (the one lookup every supported store indexes): a batch's
 * positions in one query, their events in another. Holes are resolved on the reader's own clock, never skipping an
 * event that commits late: each hole waits one patience from when this process first saw it, all the holes of a batch
 * together; a position passed over is recorded, and its event, once stored, placed again (LateEvents).
 */
export class LogReader {
  private readonly clock: () => number;
  private readonly holes: LogHoles;
  private readonly lateEvents: LateEvents;
  private readonly placed: LogPositions;

  constructor(
    private readonly db: Db,
    private readonly patienceMs = APPEND_PATIENCE_MS,
    { clock = Date.now, holes = holesOf(db) }: LogReaderOptions = {},
  ) {
    this.clock = clock;
    this.holes = holes;
    this.lateEvents = new LateEvents(db, () => new Date(this.clock()));
    this.placed = new LogPositions(db);
  }

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

  /** Whether a read of the partition (by any reader of this store in this process) stopped at a hole not closed yet. */
  waiting(partition: number): boolean {
    return this.holes.open(partition);
  }

  /**
   * Up to `limit` entries after position `after`, in order; fewer when the partition ends sooner, and, without waiting,
   * only those before a hole younger than the patience (`waiting`). Every hole of the batch that has waited its patience
   * is closed in this one read. `head`: the partition's head as the caller read it just before, if it did (a head read
   * earlier is never past the truth, so the batch only ends sooner).
   */
  async readBatch(partition: number, after: number, limit: number, head?: number): Promise<LogBatch> {
    this.holes.passed(partition, after);
    head ??= await this.head(partition);
    const entries: LogEntry[] = [];
    let next = after + 1;
    while (entries.length < limit) {
      // Up to the head in parallel; past it one at a time (a head read from a store without atomic updates may lag).
      const last = Math.min(after + limit, Math.max(head, next));
      const places = await this.places(partition, head, next, last);
      const stop = places.findIndex((place) => place.kind === 'end' || (place.kind === 'hole' && !place.expired));
      const ready = stop < 0 ? places : places.slice(0, stop);
      const closed = await this.close(partition, ready.flatMap((place) => (place.kind === 'hole' ? [place] : [])));
      for (const place of ready) entries.push({ seq: place.seq, event: place.kind === 'entry' ? place.event : (closed.get(place.seq) ?? null) });
      if (stop >= 0) return { entries, waiting: places[stop].kind === 'hole' };
      next = last + 1;
    }
    return { entries, waiting: false };
  }

  /**
   * Up to `limit` entries after position `after`, in order; fewer only when the partition ends sooner. Waits for young
   * holes (one patience for all the holes it meets together); for readers that must reach the end, like a rebuild.
   */
  async read(partition: number, after: number, limit: number): Promise<LogEntry[]> {
    const entries: LogEntry[] = [];
    for (;;) {
      const from = entries.at(-1)?.seq ?? after;
      const batch = await this.readBatch(partition, from, limit - entries.length);
      entries.push(...batch.entries);
      if (!batch.waiting || entries.length >= limit) return entries;
      await this.awaitHole(partition, (entries.at(-1)?.seq ?? after) + 1);
    }
  }

  /** The places from `first` to `last` as the store has them now; each hole's patience starts when first seen here. */
  private async places(partition: number, head: number, first: number, last: number): Promise<Place[]> {
    const seqs = Array.from({ length: last - first + 1 }, (_, i) => first + i);
    const found = await this.positionsAt(partition, seqs);
    const events = await this.eventsAt(found);
    const now = this.clock();
    return seqs.map((seq, i): Place => {
      const position = found[i];
      const event = events[i];
      if (position && event !== undefined) {
        this.holes.forget(partition, seq);
        return { kind: 'entry', seq, event };
      }
      if (!position && seq > head) return { kind: 'end', seq };
      // Passed over already (and recorded, its event placed again should it be stored): no second wait.
      if (position?.passedAt) {
        this.holes.forget(partition, seq);
        return { kind: 'entry', seq, event: null };
      }
      return { kind: 'hole', seq, position, expired: now - this.holes.firstSeen(partition, seq, now) >= this.patienceMs };
    });
  }

  /**
   * Closes holes that have waited their patience, all in a few commands: a number never written gets a tombstone (a
   * writer that comes later draws again); a position whose event is not stored is recorded before it is passed over, so
   * that the event is placed again should it be stored after all, then marked (passedAt). Resolves with the events found
   * there at the last moment (a number written and its event stored just now), by number; the others are passed over.
   */
  private async close(partition: number, holes: { seq: number; position: PositionDocument | null }[]): Promise<Map<number, AnyDomainEvent | null>> {
    const found = new Map<number, AnyDomainEvent | null>();
    if (holes.length === 0) return found;
    const unfound = holes.flatMap(({ position }) => (position ? [position] : []));
    const written = await this.placed.tombstone(partition, holes.flatMap(({ seq, position }) => (position ? [] : [seq])), new Date(this.clock()));
    // Numbers written by their appenders meanwhile: what they hold now.
    const positions = await this.positionsAt(partition, written);
    const events = await this.eventsAt(positions);
    positions.forEach((position, i) => (events[i] === undefined ? unfound.push(position!) : found.set(position!.seq, events[i])));
    await this.lateEvents.record(unfound);
    await this.markPassed(unfound);
    for (const { seq } of holes) this.holes.forget(partition, seq);
    return found;
  }

  /** Marks positions recorded as passed over, in a few commands (each by `_id`): later readers pass over them at once. */
  private async markPassed(positions: readonly PositionDocument[]): Promise<void> {
    const passedAt = new Date(this.clock());
    for (const chunk of inChunks(positions)) await this.placed.markPassed(chunk.map((position) => position._id), passedAt);
  }

  /** Waits until the hole at `seq` is filled or has waited its patience. */
  private async awaitHole(partition: number, seq: number): Promise<void> {
    const expires = this.holes.firstSeen(partition, seq, this.clock()) + this.patienceMs;
    while (this.clock() < expires) {
      const [position] = await this.positionsAt(partition, [seq]);
      if (position && (await this.eventsAt([position]))[0] !== undefined) return;
      await pause(Math.max(1, Math.min(POLL_MS, expires - this.clock())));
    }
  }

  /**
   * The partition's positions numbered `seqs`, in their order (null where none is written), in one query by `_id`
   * (`$in`, which the embedded store answers from its `_id` index: tools/ferretdb, patch 0008).
   */
  private async positionsAt(partition: number, seqs: readonly number[]): Promise<(PositionDocument | null)[]> {
    if (seqs.length === 0) return [];
    const ids = seqs.map((seq) => positionId(partition, seq));
    const found = new Map((await this.positions.find({ _id: { $in: ids } }).toArray()).map((position) => [position._id, position]));
    return ids.map((id) => found.get(id) ?? null);
  }

  /**
   * The events positions point at, in their order, in one query by `_id`: the event, null when another event holds its
   * place (the append lost a race) or for a tombstone, undefined while it is not stored (yet) or for no position.
   */
  private async eventsAt(positions: readonly (PositionDocument | null)[]): Promise<(AnyDomainEvent | null | undefined)[]> {
    const ids = [...new Set(positions.flatMap((position) => (position?.eventDocumentId ? [position.eventDocumentId] : [])))];
    const stored = new Map(ids.length === 0 ? [] : (await this.events.find({ _id: { $in: ids } }).toArray()).map((event) => [event._id, event]));
    const keys = personalKeysOf(this.db);
    await keys.prefetch(stored.values());
    return Promise.all(
      positions.map(async (position) => {
        if (!position) return undefined;
        if (!position.eventDocumentId) return null;
        const event = stored.get(position.eventDocumentId);
        if (!event) return undefined;
        return event.eventId === position.eventId ? toDomainEvent(await keys.open(event)) : null;
      }),
    );
  }
}
