import { positionId, type PositionDocument } from '@shelf/contracts';

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

/** What placing several partitions' events in one write needs: how many positions a refused write stored first. */
export interface GroupPositionStore extends PositionStore {
  /** How many positions of a `write` refused with a duplicate `_id` were written (those before it, in order). */
  writtenBefore(error: unknown): number;
}

/** Events to place in one partition, in their order. */
export interface PartitionEvents {
  partition: number;
  events: readonly PlacedEvent[];
}

/**
 * placeEvents for several partitions at once: draws each partition's numbers (all at once), then writes every position
 * in one ordered write. A number taken stops the write there: the positions before it stay, the partition it belongs
 * to draws again for that event and its later ones (so a partition's events keep their order in the log), and the
 * other partitions' positions after it are written again with the numbers they drew.
 */
export async function placeEventGroups(store: GroupPositionStore, groups: readonly PartitionEvents[], at: () => Date = () => new Date()): Promise<void> {
  let toDraw = groups.filter((group) => group.events.length > 0);
  let unwritten: PositionDocument[] = [];
  for (let attempt = 1; ; attempt++) {
    const heads = await Promise.all(toDraw.map(({ partition, events }) => store.draw(partition, events.length)));
    const drawnAt = at();
    toDraw.forEach(({ partition, events }, j) => {
      const first = heads[j] - events.length + 1;
      unwritten.push(...events.map((event, i) => ({ _id: positionId(partition, first + i), partition, seq: first + i, eventDocumentId: event._id, eventId: event.eventId, at: drawnAt })));
    });
    try {
      await store.write(unwritten);
      return;
    } catch (error) {
      if (!store.isDuplicate(error) || attempt === PLACE_ATTEMPTS) throw error;
      const [taken, ...after] = unwritten.slice(store.writtenBefore(error));
      if (!taken) throw error;
      const again = [taken, ...after.filter((position) => position.partition === taken.partition)];
      toDraw = [{ partition: taken.partition, events: again.map((position) => ({ _id: position.eventDocumentId!, eventId: position.eventId! })) }];
      unwritten = after.filter((position) => position.partition !== taken.partition);
    }
  }
}
