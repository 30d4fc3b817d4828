// A rebuild's scan of the log, on the real FerretDB: it hands on each partition's events in the order of their
// positions whatever order the store keeps them in, passes tombstones, positions that lost their race and positions
// passed over, stops a partition at a position whose event is not stored, and reads what LogReader reads — also with
// cursors bounded to a few documents ahead of each other, which it then fills in by `_id`.
import { AccountEventType, accountStreams, EventLogCollection, eventDocumentId, positionId, type PositionDocument, type StoredEventDocument } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { BSON, type Db, MongoClient } from 'mongodb';
import { LogHoles, LogReader } from '../../log/log-reader';
import { LogScan, type LogScanLimits } from './log-scan';

/** An event as the event store stores it (a user's operator grant: any type would do). */
const eventOf = (user: string, eventId = `granted-${user}`): StoredEventDocument => ({
  _id: eventDocumentId(accountStreams.user(user), 1),
  eventId,
  streamId: accountStreams.user(user),
  version: 1,
  type: AccountEventType.OperatorGranted,
  data: { userId: user },
  metadata: { actor: 'test', correlationId: 'c', causationId: null },
  occurredAt: new Date(),
});

const placeOf = (partition: number, seq: number, event: StoredEventDocument | null, extra: Partial<PositionDocument> = {}): PositionDocument => ({
  _id: positionId(partition, seq),
  partition,
  seq,
  eventDocumentId: event?._id ?? null,
  eventId: event?.eventId ?? null,
  at: new Date(),
  ...extra,
});

describe('the rebuild’s scan of the log', () => {
  let client: MongoClient;
  let db: Db;
  /** What each partition's readers hand on: positions and event ids, in order. */
  let expected: Map<number, string[]>;

  beforeAll(async () => {
    client = await MongoClient.connect(testEnv(__filename).MONGO_URL);
    db = client.db();
    const events = db.collection<StoredEventDocument>(EventLogCollection.Events);
    const positions = db.collection<PositionDocument>(EventLogCollection.Positions);
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((user) => eventOf(user));
    // Partition 3, in the store's order: two appends that drew 1 and 2 stored in the other order; a tombstone at 3
    // written late; at 4 the position of an append that lost its race for C's stream version; a position passed over
    // whose event never came (6); D at 7; at 8 a position whose event is not stored yet (the partition stops there).
    await positions.insertMany([placeOf(3, 2, b), placeOf(3, 1, a)]);
    await events.insertMany([b, a]);
    await positions.insertMany([placeOf(3, 4, { ...c, eventId: 'the-loser' }), placeOf(3, 5, c)]);
    await events.insertOne(c);
    await positions.insertMany([placeOf(3, 3, null), placeOf(3, 6, eventOf('never'), { passedAt: new Date() }), placeOf(3, 7, d), placeOf(3, 8, eventOf('later')), placeOf(3, 9, e)]);
    await events.insertMany([d, e]);
    // Partition 5: 30 events stored long before their positions, and an event no position points at.
    const many = Array.from({ length: 30 }, (_, i) => eventOf(`many-${i}`));
    await events.insertMany([...many, eventOf('orphan')]);
    await positions.insertMany(many.map((event, i) => placeOf(5, i + 1, event)));
    // Partition 7: an event placed twice (stored after its first position was passed over, then placed again).
    const late = eventOf('late');
    await positions.insertMany([placeOf(7, 1, late, { passedAt: new Date() }), placeOf(7, 2, eventOf('f'))]);
    await events.insertMany([late, eventOf('f')]);
    await positions.insertOne(placeOf(7, 3, late));
    expected = new Map([
      [3, ['1:granted-a', '2:granted-b', '5:granted-c', '7:granted-d']],
      [5, many.map((event, i) => `${i + 1}:${event.eventId}`)],
      [7, ['1:granted-late', '2:granted-f', '3:granted-late']],
    ]);
  });

  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });

  const scan = async (limits?: LogScanLimits) => {
    const handed = new Map<number, string[]>();
    const scanner = new LogScan(db, limits);
    const reached = await scanner.run(async ({ partition, seq, type, raw }) => {
      const event = BSON.deserialize(raw) as StoredEventDocument;
      expect(event.type).toBe(type);
      handed.set(partition, [...(handed.get(partition) ?? []), `${seq}:${event.eventId}`]);
    });
    return { handed, reached };
  };

  it('hands on each partition in the order of its positions and stops a partition at an event not stored', async () => {
    const { handed, reached } = await scan();
    expect(handed).toEqual(expected);
    expect([reached[3], reached[5], reached[7], reached[0]]).toEqual([7, 30, 3, 0]);
  });

  it('reads the same with its cursors bounded to a few documents ahead of each other', async () => {
    const { handed, reached } = await scan({ batch: 2, maxWaiting: 3, maxAhead: 3 });
    expect(handed).toEqual(expected);
    expect([reached[3], reached[5], reached[7]]).toEqual([7, 30, 3]);
  });

  it('hands on what LogReader reads', async () => {
    const reader = new LogReader(db, 60_000, { holes: new LogHoles() });
    for (const [partition, entries] of expected) {
      const { entries: read } = await reader.readBatch(partition, 0, 100);
      expect(read.flatMap(({ seq, event }) => (event ? [`${seq}:${event.id}`] : []))).toEqual(entries);
    }
  });
});
