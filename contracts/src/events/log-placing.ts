import { positionId, type PositionDocument } from './event-log';

/**
 * What placing events in the log needs of the store, so that the API (which appends) and the workers (which place a
 * late event again) place the same way, each with its own driver.
 */
export interface PositionStore {
  /** Adds `count` to the partition's head (a new partition starts at 0) in one atomic update; resolves with the new head. */
  draw(partition: number, count: number): Promise<number>;
  /** Inserts the positions in order, stopping at the first whose `_id` is taken (rejecting with a duplicate-key error). */
  write(positions: PositionDocument[]): Promise<void>;
  /** Whether an error of `write` is a duplicate `_id`. */
  isDuplicate(error: unknown): boolean;
}

/** The event a position points at: its document id and its event id. */
export interface PlacedEvent {
  _id: string;
  eventId: string;
}

/** Two placers can draw the same number from a store without atomic updates: the loser draws again. */
export const PLACE_ATTEMPTS = 50;

/**
 * Draws the next `events.length` numbers of the partition and writes a position for each event, in order; resolves
 * with the first number. A number drawn twice, or already given up by a reader (a tombstone), is a duplicate `_id`:
 * the whole group draws again. Positions written before the duplicate stay: an event with two positions is harmless,
 * since projections are idempotent.
 */
export async function placeEvents(store: PositionStore, partition: number, events: readonly PlacedEvent[], at: () => Date = () => new Date()): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      const first = (await store.draw(partition, events.length)) - events.length + 1;
      const written = at();
      await store.write(
        events.map((event, i) => ({ _id: positionId(partition, first + i), partition, seq: first + i, eventDocumentId: event._id, eventId: event.eventId, at: written })),
      );
      return first;
    } catch (error) {
      if (!store.isDuplicate(error) || attempt === PLACE_ATTEMPTS) throw error;
    }
  }
}
