import { positionId, type PositionDocument } from '@shelf/contracts';
import { type GroupPositionStore, PLACE_ATTEMPTS, placeEventGroups, placeEvents } from './log-placing';

class Duplicate extends Error {
  constructor(
    readonly id: string,
    readonly written = 0,
  ) {
    super(id);
  }
}

/** A store in memory with the store's semantics: an atomic head per partition, positions unique by `_id`, ordered inserts. */
class MemoryPositions implements GroupPositionStore {
  readonly heads = new Map<number, number>();
  readonly positions = new Map<string, PositionDocument>();
  draws = 0;
  writes = 0;

  async draw(partition: number, count: number): Promise<number> {
    this.draws++;
    const head = (this.heads.get(partition) ?? 0) + count;
    this.heads.set(partition, head);
    return head;
  }

  async write(positions: PositionDocument[]): Promise<void> {
    this.writes++;
    for (const [i, position] of positions.entries()) {
      if (this.positions.has(position._id)) throw new Duplicate(position._id, i);
      this.positions.set(position._id, position);
    }
  }

  isDuplicate(error: unknown): boolean {
    return error instanceof Duplicate;
  }

  writtenBefore(error: unknown): number {
    return (error as Duplicate).written;
  }

  /** The positions of a partition pointing at events, as `seq event-id`, in the log's order. */
  log(partition: number): string[] {
    return [...this.positions.values()]
      .filter((position) => position.partition === partition && position.eventId)
      .sort((a, b) => a.seq - b.seq)
      .map((position) => `${position.seq} ${position.eventId}`);
  }
}

const tombstone = (partition: number, seq: number): PositionDocument => ({ _id: positionId(partition, seq), partition, seq, eventDocumentId: null, eventId: null, at: new Date() });

const events = [
  { _id: 's:1', eventId: 'e1' },
  { _id: 's:2', eventId: 'e2' },
];

describe('placeEvents', () => {
  it('draws the next numbers of the partition and points them at the events, in order', async () => {
    const store = new MemoryPositions();
    store.heads.set(3, 7);
    const at = new Date('2026-01-01T00:00:00Z');
    expect(await placeEvents(store, 3, events, () => at)).toBe(8);
    expect([...store.positions.values()]).toEqual([
      { _id: positionId(3, 8), partition: 3, seq: 8, eventDocumentId: 's:1', eventId: 'e1', at },
      { _id: positionId(3, 9), partition: 3, seq: 9, eventDocumentId: 's:2', eventId: 'e2', at },
    ]);
  });

  it('draws again past a number taken by a tombstone or another placer', async () => {
    const store = new MemoryPositions();
    await store.write([tombstone(0, 2)]);
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

describe('placeEventGroups', () => {
  const a = [
    { _id: 'a:1', eventId: 'a1' },
    { _id: 'a:2', eventId: 'a2' },
    { _id: 'a:3', eventId: 'a3' },
  ];
  const b = [
    { _id: 'b:1', eventId: 'b1' },
    { _id: 'b:2', eventId: 'b2' },
  ];

  it("draws each partition's numbers once and writes every position in one write", async () => {
    const store = new MemoryPositions();
    store.heads.set(1, 4);
    await placeEventGroups(store, [
      { partition: 1, events: a },
      { partition: 2, events: b },
      { partition: 3, events: [] },
    ]);
    expect([store.draws, store.writes]).toEqual([2, 1]);
    expect(store.log(1)).toEqual(['5 a1', '6 a2', '7 a3']);
    expect(store.log(2)).toEqual(['1 b1', '2 b2']);
  });

  it("draws again for a taken number and the partition's later events, keeping their order, and writes the others as drawn", async () => {
    const store = new MemoryPositions();
    // A reader gave up on number 2 of partition 1 (a tombstone): a2 and a3 draw again, after it.
    await store.write([tombstone(1, 2)]);
    await placeEventGroups(store, [
      { partition: 1, events: a },
      { partition: 2, events: b },
    ]);
    expect(store.draws).toBe(3);
    expect(store.log(1)).toEqual(['1 a1', '4 a2', '5 a3']);
    expect(store.log(2)).toEqual(['1 b1', '2 b2']);
  });

  it('gives up after PLACE_ATTEMPTS draws, and at once on any other error', async () => {
    const taken = new MemoryPositions();
    taken.write = () => Promise.reject(new Duplicate('always'));
    await expect(placeEventGroups(taken, [{ partition: 0, events: a }])).rejects.toBeInstanceOf(Duplicate);
    expect(taken.draws).toBe(PLACE_ATTEMPTS);
    const away = new MemoryPositions();
    away.write = () => Promise.reject(new Error('store away'));
    await expect(placeEventGroups(away, [{ partition: 0, events: a }])).rejects.toThrow('store away');
    expect(away.draws).toBe(1);
  });
});
