import { positionId, type PositionDocument } from './event-log';
import { PLACE_ATTEMPTS, placeEvents, type PositionStore } from './log-placing';

class Duplicate extends Error {}

/** A store in memory with the store's semantics: an atomic head, positions unique by `_id`, ordered inserts. */
class MemoryPositions implements PositionStore {
  head = 0;
  readonly positions = new Map<string, PositionDocument>();
  draws = 0;

  async draw(_partition: number, count: number): Promise<number> {
    this.draws++;
    return (this.head += count);
  }

  async write(positions: PositionDocument[]): Promise<void> {
    for (const position of positions) {
      if (this.positions.has(position._id)) throw new Duplicate(position._id);
      this.positions.set(position._id, position);
    }
  }

  isDuplicate(error: unknown): boolean {
    return error instanceof Duplicate;
  }
}

const events = [
  { _id: 's:1', eventId: 'e1' },
  { _id: 's:2', eventId: 'e2' },
];

describe('placeEvents', () => {
  it('draws the next numbers of the partition and points them at the events, in order', async () => {
    const store = new MemoryPositions();
    store.head = 7;
    const at = new Date('2026-01-01T00:00:00Z');
    expect(await placeEvents(store, 3, events, () => at)).toBe(8);
    expect([...store.positions.values()]).toEqual([
      { _id: positionId(3, 8), partition: 3, seq: 8, eventDocumentId: 's:1', eventId: 'e1', at },
      { _id: positionId(3, 9), partition: 3, seq: 9, eventDocumentId: 's:2', eventId: 'e2', at },
    ]);
  });

  it('draws again past a number taken by a tombstone or another placer', async () => {
    const store = new MemoryPositions();
    await store.write([{ _id: positionId(0, 2), partition: 0, seq: 2, eventDocumentId: null, eventId: null, at: new Date() }]);
    expect(await placeEvents(store, 0, events)).toBe(3);
    expect(store.positions.get(positionId(0, 4))?.eventId).toBe('e2');
    expect(store.draws).toBe(2);
  });

  it('gives up after PLACE_ATTEMPTS draws, and at once on any other error', async () => {
    const taken = new MemoryPositions();
    taken.write = () => Promise.reject(new Duplicate('always'));
    await expect(placeEvents(taken, 0, events)).rejects.toBeInstanceOf(Duplicate);
    expect(taken.draws).toBe(PLACE_ATTEMPTS);
    const away = new MemoryPositions();
    away.write = () => Promise.reject(new Error('store away'));
    await expect(placeEvents(away, 0, events)).rejects.toThrow('store away');
    expect(away.draws).toBe(1);
  });
});
