import { EventLogCollection, PARTITION_COUNT, positionId } from '@shelf/contracts';
import { LONG_SCAN } from '@shelf/server-config';
import type { Db, FindCursor } from 'mongodb';
import { bsonFields } from './bson-fields';

export interface LogScanLimits {
  /** Documents a cursor brings in one round trip. */
  batch: number;
  /** Positions read ahead of their partition's next entry, at most, before the scan looks up what holds it back. */
  maxWaiting: number;
  /** Events read ahead of their position, at most (as the store sent them: about 0.5 KB each). */
  maxAhead: number;
}

const LIMITS: LogScanLimits = { batch: 2000, maxWaiting: 10_000, maxAhead: 20_000 };

/** An event of the log at its place: as stored (BSON), with its type. */
export interface ScannedEvent {
  partition: number;
  seq: number;
  type: string;
  raw: Buffer;
}

/** What the scan keeps of a position. */
interface Place {
  eventDocumentId: string | null;
  eventId: string | null;
  passed: boolean;
}

interface AheadEvent {
  eventId: string;
  type: string;
  raw: Buffer;
}

/** Whether the scan may look up in the store by `_id` what holds a partition up ('end': every cursor has ended). */
type Mode = 'wait' | 'look-up' | 'end';

/**
 * Reads the whole log in the store's natural order, with two cursors side by side (positions and events, in about the
 * order they were appended: a group's positions just before its events), and hands each partition's events on in the
 * order of their positions, as LogReader reads them: a tombstone or a position whose event lost its race is passed,
 * a position passed over whose event is still not stored is passed. Memory stays bounded: what one cursor runs ahead
 * of the other is, past a bound, looked up by `_id` instead. A partition stops at a position whose event is not stored
 * (an append under way, or a hole no reader has closed yet): LogReader, which waits for holes, reads on from there.
 */
export class LogScan {
  /** Entries passed, in all partitions. */
  read = 0;
  /** Positions and events read by `_id`, because a cursor was too far ahead of the other or had ended. */
  lookedUp = 0;
  private readonly next: number[];
  private readonly waiting = Array.from({ length: PARTITION_COUNT }, () => new Map<number, Place>());
  private waitingCount = 0;
  /** Events read before their position, by document id, oldest first. */
  private readonly ahead = new Map<string, AheadEvent>();
  /** Partitions stopped at a hole: the rest is LogReader's. */
  private readonly stopped = new Set<number>();
  private eventsEnded = false;

  constructor(
    private readonly db: Db,
    private readonly limits: LogScanLimits = LIMITS,
  ) {
    this.next = new Array<number>(PARTITION_COUNT).fill(1);
  }

  private get positions() {
    return this.db.collection<{ _id: string }>(EventLogCollection.Positions);
  }

  private get events() {
    return this.db.collection<{ _id: string }>(EventLogCollection.Events);
  }

  /** Hands every event on, in order in each partition; resolves with the last position reached in each partition. */
  async run(take: (event: ScannedEvent) => Promise<void>): Promise<number[]> {
    // Raw: the scan reads a few fields of each document (bsonFields), not all.
    const { batch: batchSize, maxWaiting, maxAhead } = this.limits;
    const positions = this.positions.find({}, { batchSize, raw: true, ...LONG_SCAN }) as unknown as FindCursor<Buffer>;
    const events = this.events.find({}, { batchSize, raw: true, ...LONG_SCAN }) as unknown as FindCursor<Buffer>;
    let positionsEnded = false;
    try {
      let nextPositions = batchOf(positions);
      let nextEvents = batchOf(events);
      while (!positionsEnded || !this.eventsEnded) {
        const wantPositions = !positionsEnded && this.waitingCount < maxWaiting;
        const wantEvents = !this.eventsEnded && this.ahead.size < maxAhead;
        if (!wantPositions && !wantEvents) {
          await this.drain(take, 'look-up');
          // Still full: what is ahead has no position to come (it lost its race, or its partition stopped).
          if (this.ahead.size >= maxAhead && (positionsEnded || this.waitingCount < maxWaiting)) this.forgetOldest(Math.ceil(maxAhead / 2));
          continue;
        }
        const got = await Promise.race([
          ...(wantPositions ? [nextPositions.then((docs) => ({ positions: docs }))] : []),
          ...(wantEvents ? [nextEvents.then((docs) => ({ events: docs }))] : []),
        ]);
        if ('positions' in got) {
          if (got.positions === null) positionsEnded = true;
          else {
            nextPositions = batchOf(positions);
            for (const raw of got.positions) this.wait(raw);
          }
        } else if (got.events === null) this.eventsEnded = true;
        else {
          nextEvents = batchOf(events);
          for (const raw of got.events) this.keep(raw);
        }
        await this.drain(take, 'wait');
      }
      await this.drain(take, 'end');
      return this.next.map((seq) => seq - 1);
    } finally {
      await Promise.all([positions.close(), events.close()]);
    }
  }


  private wait(raw: Buffer): void {
    const { partition, seq, ...place } = readPosition(raw);
    if (this.stopped.has(partition) || seq < this.next[partition] || this.waiting[partition].has(seq)) return;
    this.waiting[partition].set(seq, place);
    this.waitingCount += 1;
  }

  private keep(raw: Buffer): void {
    const { _id, eventId, type } = bsonFields(raw, ['_id', 'eventId', 'type']) as { _id: string; eventId: string; type: string };
    // A copy: the cursor's documents share the buffer of their whole batch.
    this.ahead.set(_id, { eventId, type, raw: Buffer.from(raw) });
  }

  private forgetOldest(count: number): void {
    let left = count;
    for (const id of this.ahead.keys()) {
      if (left-- <= 0) break;
      this.ahead.delete(id);
    }
  }

  /** Hands on what is ready in each partition; `look-up` fetches by `_id` the first thing that holds each one up. */
  private async drain(take: (event: ScannedEvent) => Promise<void>, mode: Mode): Promise<void> {
    for (let partition = 0; partition < PARTITION_COUNT; partition++) {
      if (this.stopped.has(partition)) continue;
      let lookUp = mode !== 'wait';
      for (;;) {
        const seq = this.next[partition];
        const waiting = this.waiting[partition];
        let position = waiting.get(seq) ?? null;
        if (!position) {
          // At the end, a partition with nothing more read has ended (LogReader reads on from here).
          if (!lookUp || waiting.size === 0) break;
          const raw = (await this.positions.findOne({ _id: positionId(partition, seq) }, { raw: true })) as unknown as Buffer | null;
          this.lookedUp += 1;
          if (!raw) {
            this.stop(partition);
            break;
          }
          position = readPosition(raw);
          if (mode === 'look-up') lookUp = false;
        }
        let event: AheadEvent | null | undefined = null;
        if (position.eventDocumentId) {
          event = this.ahead.get(position.eventDocumentId);
          if (!event) {
            if (!lookUp && !this.eventsEnded) break;
            const raw = (await this.events.findOne({ _id: position.eventDocumentId }, { raw: true })) as unknown as Buffer | null;
            this.lookedUp += 1;
            if (raw) this.keep(raw);
            event = this.ahead.get(position.eventDocumentId);
            if (mode === 'look-up') lookUp = false;
          }
          // Its event not stored: an append under way, or passed over already (and placed again should it come).
          if (!event && !position.passed) {
            this.stop(partition);
            break;
          }
          if (event?.eventId !== position.eventId) event = null;
          else this.ahead.delete(position.eventDocumentId);
        }
        if (waiting.delete(seq)) this.waitingCount -= 1;
        this.next[partition] = seq + 1;
        this.read += 1;
        if (event) await take({ partition, seq, type: event.type, raw: event.raw });
      }
    }
  }

  private stop(partition: number): void {
    this.stopped.add(partition);
    this.waitingCount -= this.waiting[partition].size;
    this.waiting[partition].clear();
  }
}

function readPosition(raw: Buffer): Place & { partition: number; seq: number } {
  const fields = bsonFields(raw, ['partition', 'seq', 'eventDocumentId', 'eventId', 'passedAt']);
  return {
    partition: fields.partition as number,
    seq: fields.seq as number,
    eventDocumentId: (fields.eventDocumentId as string | null | undefined) ?? null,
    eventId: (fields.eventId as string | null | undefined) ?? null,
    passed: fields.passedAt !== undefined && fields.passedAt !== null,
  };
}

/** The next batch of a cursor (null once it has ended); a failure surfaces when it is awaited. */
function batchOf<T>(cursor: FindCursor<T>): Promise<T[] | null> {
  const batch = (async () => {
    if (!(await cursor.hasNext())) return null;
    const first = (await cursor.next()) as T;
    return [first, ...cursor.readBufferedDocuments()];
  })();
  batch.catch(() => undefined);
  return batch;
}
