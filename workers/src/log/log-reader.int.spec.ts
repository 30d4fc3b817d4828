// Holes in a partition's positions, on the real FerretDB: a reader waits for them on its own clock, closes every hole
// that has waited its patience at once, and never loses an event that is stored after its position was passed over.
import {
  AccountEventType,
  accountStreams,
  EventLogCollection,
  eventDocumentId,
  partitionId,
  type PartitionHeadDocument,
  type PassedOverDocument,
  positionId,
  type PositionDocument,
  type StoredEventDocument,
} from '@shelf/contracts';
import { testEnv } from '@test/support';
import { type Db, MongoClient } from 'mongodb';
import type { Connection } from 'mongoose';
import { PartitionConsumer, type PartitionPokes, type PartitionRunner, type ShapeUpgrade } from '../engine';
import { LATE_EVENT_WATCH_MS, LateEvents } from './late-events';
import { LogHoles, type LogEntry, LogReader } from './log-reader';

/** An event as the event store stores it (a user's operator grant: any type would do). */
const eventOf = (user: string): StoredEventDocument => ({
  _id: eventDocumentId(accountStreams.user(user), 1),
  eventId: `granted-${user}`,
  streamId: accountStreams.user(user),
  version: 1,
  type: AccountEventType.OperatorGranted,
  data: { userId: user },
  metadata: { actor: 'test', correlationId: 'c', causationId: null },
  occurredAt: new Date(),
});

/**
 * Reads a partition as the partition runner does once it calls readBatch: batch after batch from where it got to,
 * until the partition ends or the reader is waiting at a young hole.
 */
class BatchRunner {
  readonly read = new Map<number, LogEntry[]>();
  readonly runs = new Map<number, number>();
  private readonly at = new Map<number, number>();

  constructor(private readonly reader: LogReader) {}

  heldElsewhere(): boolean {
    return false;
  }

  async run(partition: number): Promise<number> {
    this.runs.set(partition, (this.runs.get(partition) ?? 0) + 1);
    let count = 0;
    for (;;) {
      const { entries, waiting } = await this.reader.readBatch(partition, this.at.get(partition) ?? 0, 100);
      this.read.set(partition, [...(this.read.get(partition) ?? []), ...entries]);
      count += entries.length;
      if (entries.length > 0) this.at.set(partition, entries.at(-1)!.seq);
      if (waiting || entries.length === 0) return count;
    }
  }

  async letGoAll(): Promise<void> {}
}

describe('the log reader, at holes in the positions', () => {
  let client: MongoClient;
  let db: Db;

  const positions = () => db.collection<PositionDocument>(EventLogCollection.Positions);
  const events = () => db.collection<StoredEventDocument>(EventLogCollection.Events);
  const passedOver = () => db.collection<PassedOverDocument>(EventLogCollection.PassedOver);
  /** Draws `count` numbers of the partition, as an append does first; resolves with the new head. */
  const draw = async (partition: number, count: number) =>
    (await db.collection<PartitionHeadDocument>(EventLogCollection.Partitions).findOneAndUpdate({ _id: partitionId(partition) }, { $inc: { head: count } }, { upsert: true, returnDocument: 'after' }))!
      .head;
  /** Draws a number and writes its position for the event, stamped `at` on the appender's clock; the event is not stored. */
  const position = async (partition: number, event: StoredEventDocument, at = new Date()) => {
    const seq = await draw(partition, 1);
    await positions().insertOne({ _id: positionId(partition, seq), partition, seq, eventDocumentId: event._id, eventId: event.eventId, at });
    return seq;
  };
  /** A whole append: position, then event. */
  const append = async (partition: number, event: StoredEventDocument) => {
    const seq = await position(partition, event);
    await events().insertOne(event);
    return seq;
  };

  beforeAll(async () => {
    client = await MongoClient.connect(testEnv(__filename).MONGO_URL);
    db = client.db();
  });

  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });

  it('closes the 100 holes of an append group that died after drawing them in about one patience, not one patience each', async () => {
    const patience = 500;
    const partition = 1;
    const before = eventOf('before-dead-group');
    await append(partition, before);
    await draw(partition, 100); // the group died before writing its positions
    const after = eventOf('after-dead-group');
    await append(partition, after);

    const started = Date.now();
    const entries = await new LogReader(db, patience).read(partition, 0, 200);
    const elapsed = Date.now() - started;

    expect(entries.map((entry) => entry.seq)).toEqual(Array.from({ length: 102 }, (_, i) => i + 1));
    expect(entries.map((entry) => entry.event?.id ?? null)).toEqual([before.eventId, ...Array<null>(100).fill(null), after.eventId]);
    // Well under the 50 s of one patience per hole, with room for a loaded machine (1.7 s seen in CI).
    expect(elapsed).toBeLessThan(10 * patience);
    // Tombstones fill the numbers: a late writer of the group draws again.
    expect(await positions().countDocuments({ partition, eventId: null })).toBe(100);
  }, 90_000); // one patience per hole, as before: 50 s

  it('passes over 100 positions whose events never came in a few bulk writes the embedded store answers', async () => {
    // An append group that died after writing its positions, before its events: every position is marked passed over.
    // One bulk write of 100 marks stalls FerretDB for every client (BULK_WRITE_CHUNK).
    const partition = 8;
    for (let i = 0; i < 100; i++) await position(partition, eventOf(`died-${i}-of-8`));
    const after = eventOf('after-died-of-8');
    await append(partition, after);

    const entries = await new LogReader(db, 50).read(partition, 0, 200);
    expect(entries.map((entry) => entry.event?.id ?? null)).toEqual([...Array<null>(100).fill(null), after.eventId]);
    expect(await positions().countDocuments({ partition, passedAt: { $exists: true } })).toBe(100);
  }, 30_000);

  it('reads up to a young hole and says it is waiting; once it is a patience old on its own clock, closes every expired hole in one read', async () => {
    const patience = 5000;
    let now = 1_000_000;
    const reader = new LogReader(db, patience, { clock: () => now, holes: new LogHoles() });
    const partition = 2;
    const first = eventOf('first-of-2');
    await append(partition, first);
    await draw(partition, 100);
    const missing = eventOf('never-stored-of-2');
    await position(partition, missing);

    expect(await reader.readBatch(partition, 0, 150)).toEqual({ entries: [{ seq: 1, event: expect.objectContaining({ id: first.eventId }) }], waiting: true });
    expect(reader.waiting(partition)).toBe(true);
    now += patience - 1;
    expect(await reader.readBatch(partition, 1, 150)).toEqual({ entries: [], waiting: true });
    now += 1;
    const closed = await reader.readBatch(partition, 1, 150);
    expect(closed.waiting).toBe(false);
    expect(closed.entries).toEqual(Array.from({ length: 101 }, (_, i) => ({ seq: i + 2, event: null })));
    expect(reader.waiting(partition)).toBe(false);
    // The position whose event was not stored is recorded, to be looked for again; the numbers never written are not.
    expect(await passedOver().find({ partition }).toArray()).toEqual([expect.objectContaining({ _id: positionId(partition, 102), eventDocumentId: missing._id, eventId: missing.eventId })]);
    // Another reader (a rebuild, another process) passes over what was passed over already without waiting again.
    const later = new LogReader(db, patience, { clock: () => now, holes: new LogHoles() });
    expect(await later.readBatch(partition, 1, 150)).toEqual(closed);
  });

  it('gives an event its whole patience on the reader clock when the appender stamped its position 3 s in the past', async () => {
    const partition = 3;
    const late = eventOf('stamped-in-the-past');
    await position(partition, late, new Date(Date.now() - 3000));
    // Stored a moment after the reader reached its position: well within the reader's patience.
    const stored = new Promise((resolve) => setTimeout(resolve, 100)).then(() => events().insertOne(late));
    const entries = await new LogReader(db, 3000).read(partition, 0, 10);
    await stored;
    expect(entries).toEqual([{ seq: 1, event: expect.objectContaining({ id: late.eventId }) }]);
  });

  it('passes over a missing event after one patience on the reader clock when the appender stamped its position 3 s in the future', async () => {
    const patience = 400;
    const partition = 4;
    const missing = eventOf('stamped-in-the-future');
    await position(partition, missing, new Date(Date.now() + 3000));
    const started = Date.now();
    const entries = await new LogReader(db, patience).read(partition, 0, 10);
    expect(Date.now() - started).toBeLessThan(3 * patience);
    expect(entries).toEqual([{ seq: 1, event: null }]);
    expect(await passedOver().countDocuments({ _id: positionId(partition, 1) })).toBe(1);
  });

  it('places an event stored after its position was passed over again at the head, so it is read after all', async () => {
    const partition = 5;
    const late = eventOf('stored-late');
    await position(partition, late);
    const reader = new LogReader(db, 200);
    expect(await reader.read(partition, 0, 10)).toEqual([{ seq: 1, event: null }]);

    const lateEvents = new LateEvents(db);
    expect(await lateEvents.placeStored()).toBe(0); // not stored yet: kept
    expect(await passedOver().countDocuments({ _id: positionId(partition, 1) })).toBe(1);
    await events().insertOne(late); // the API's insert commits only now
    expect(await lateEvents.placeStored()).toBe(1);

    expect(await reader.read(partition, 1, 10)).toEqual([{ seq: 2, event: expect.objectContaining({ id: late.eventId }) }]);
    expect(await passedOver().countDocuments({ _id: positionId(partition, 1) })).toBe(0);
  });

  it('drops a record whose event is still not stored once it is older than LATE_EVENT_WATCH_MS', async () => {
    const partition = 6;
    const never = eventOf('never-stored-of-6');
    await position(partition, never);
    await new LogReader(db, 100).read(partition, 0, 10);
    const passedAt = (await passedOver().findOne({ _id: positionId(partition, 1) }))!.passedAt;

    expect(await new LateEvents(db, () => new Date(passedAt.getTime() + LATE_EVENT_WATCH_MS - 1)).placeStored()).toBe(0);
    expect(await passedOver().countDocuments({ _id: positionId(partition, 1) })).toBe(1);
    expect(await new LateEvents(db, () => new Date(passedAt.getTime() + LATE_EVENT_WATCH_MS)).placeStored()).toBe(0);
    expect(await passedOver().countDocuments({ _id: positionId(partition, 1) })).toBe(0);
    expect((await db.collection<PartitionHeadDocument>(EventLogCollection.Partitions).findOne({ _id: partitionId(partition) }))!.head).toBe(1);
  });

  it('leaves a partition read up to a young hole not done: the next sweep of the consumer runs it again, until it is finished', async () => {
    const partition = 7;
    const first = eventOf('first-of-7');
    await append(partition, first);
    const slow = eventOf('slow-of-7');
    await position(partition, slow); // its insert is under way
    const runner = new BatchRunner(new LogReader(db));
    // One process: nobody else to pass a wake-up on to.
    const alone = { onPoke: () => undefined, poke: () => undefined } as unknown as PartitionPokes;
    const checked = { checked: Promise.resolve() } as ShapeUpgrade;
    const consumer = new PartitionConsumer({ db } as Connection, runner as unknown as PartitionRunner, alone, checked);
    const read = () => (runner.read.get(partition) ?? []).map((entry) => entry.event?.id ?? null);

    await consumer.project(partition);
    expect(read()).toEqual([first.eventId]);
    await events().insertOne(slow);
    await consumer.sweep();
    expect(read()).toEqual([first.eventId, slow.eventId]);
    // Finished: the sweeps leave it alone until its head moves.
    const runs = runner.runs.get(partition);
    await consumer.sweep();
    expect(runner.runs.get(partition)).toBe(runs);
  });
});
