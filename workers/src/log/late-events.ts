import { EventLogCollection, type PassedOverDocument, type PositionDocument, type StoredEventDocument } from '@shelf/contracts';
import { LogPositions, onlyDuplicateKeys, type PlacedEvent, placeEvents } from '@shelf/event-log';
import type { Db } from 'mongodb';

/**
 * How long a position passed over without its event is watched for the event: an hour. An append that is going to
 * commit does so within the round trips of its own store calls (seconds, even for an API killed mid-append or a store
 * that stalls before answering), so a record this old belongs to an append that failed (it died before its insert, or
 * lost its stream's version to another writer after drawing): dropping it loses nothing and keeps the records few.
 */
export const LATE_EVENT_WATCH_MS = 60 * 60_000;
/** Records looked at per pass; the rest wait for the next (there are none but after an API died mid-append). */
const RECORDS_PER_PASS = 1000;

/**
 * Events committed after the readers passed over their positions. A reader records each position it passes over
 * without its event (by position id, so readers of several processes record it once); placeStored, run by the
 * consumers' sweep, places each recorded event that has been stored since at its partition's head, as the event store
 * places, so it is projected after all. A second position of an event applied already changes nothing: projections
 * are idempotent.
 */
export class LateEvents {
  private readonly positions: LogPositions;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.positions = new LogPositions(db);
  }

  private get records() {
    return this.db.collection<PassedOverDocument>(EventLogCollection.PassedOver);
  }

  /**
   * Records positions passed over while their events were not stored, in one command; before the reader hands out the
   * entries that skip them. A position recorded already (by another reader) stays as it was.
   */
  async record(positions: readonly PositionDocument[]): Promise<void> {
    if (positions.length === 0) return;
    const passedAt = this.clock();
    const records = positions.map(({ _id, partition, seq, eventDocumentId, eventId }) => ({ _id, partition, seq, eventDocumentId: eventDocumentId!, eventId: eventId!, passedAt }));
    try {
      await this.records.insertMany(records, { ordered: false });
    } catch (error) {
      if (!onlyDuplicateKeys(error)) throw error;
    }
  }

  /**
   * Places again each recorded event that is stored now, a partition's in their old order, then forgets its record (a
   * crash between the two places it twice: harmless). Forgets too a record whose place another event holds (that append
   * lost, it will never commit) and one older than LATE_EVENT_WATCH_MS. Resolves with the number of events placed.
   */
  async placeStored(): Promise<number> {
    const records = await this.records.find({}).limit(RECORDS_PER_PASS).toArray();
    if (records.length === 0) return 0;
    const now = this.clock().getTime();
    const events = this.db.collection<StoredEventDocument>(EventLogCollection.Events);
    const found = await events.find({ _id: { $in: [...new Set(records.map((record) => record.eventDocumentId))] } }, { projection: { eventId: 1 } }).toArray();
    const byId = new Map(found.map((event) => [event._id, event]));
    const stored = records.map((record) => byId.get(record.eventDocumentId));
    const toPlace = new Map<number, PassedOverDocument[]>();
    const forgotten: string[] = [];
    records.forEach((record, i) => {
      if (stored[i]?.eventId === record.eventId) toPlace.set(record.partition, [...(toPlace.get(record.partition) ?? []), record]);
      else if (stored[i] || now - record.passedAt.getTime() >= LATE_EVENT_WATCH_MS) forgotten.push(record._id);
    });
    let placed = 0;
    for (const [partition, found] of toPlace) {
      found.sort((a, b) => a.seq - b.seq);
      const events: PlacedEvent[] = found.map((record) => ({ _id: record.eventDocumentId, eventId: record.eventId }));
      await placeEvents(this.positions, partition, events);
      await this.records.deleteMany({ _id: { $in: found.map((record) => record._id) } });
      placed += events.length;
    }
    if (forgotten.length > 0) await this.records.deleteMany({ _id: { $in: forgotten } });
    return placed;
  }
}
