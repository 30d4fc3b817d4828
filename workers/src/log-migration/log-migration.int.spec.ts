// The log migration's phases on the real store, in process: it keeps its copy and does not switch while appends go on,
// catches up and switches once they stop, finishes a switch killed between its two renames, and then changes nothing.
import { EventLogCollection, eventDocumentId, type PartitionHeadDocument, SocialEventType, type StoredEventDocument } from '@shelf/contracts';
import { PersonalKeys } from '@shelf/server-config';
import { testEnv, testKeyEncryptionKey } from '@test/support';
import { type Db, MongoClient } from 'mongodb';
import { LOG_MIGRATION_COLLECTION, type LogMigrationCheckpoint, migrateLog, MIGRATED_EVENTS } from './log-migration';

const comment = (n: number): StoredEventDocument => ({
  _id: eventDocumentId(`comment-c${n}`, 1),
  eventId: `e${n}`,
  streamId: `comment-c${n}`,
  version: 1,
  type: SocialEventType.CommentPosted,
  data: { comment_id: `c${n}`, user_id: `u${n % 3}`, username: `User ${n % 3}`, email_hash: 'h', comment_content: `Comment ${n}`, book_id: 1, chapter_id: null },
  metadata: { actor: `u${n % 3}`, correlationId: 'c', causationId: null },
  occurredAt: new Date('2026-01-02T03:04:05.000Z'),
});

describe('migrateLog', () => {
  let client: MongoClient;
  let db: Db;
  let keys: PersonalKeys;
  const names = async () => (await db.listCollections({}, { nameOnly: true }).toArray()).map(({ name }) => name);
  const checkpoint = () => db.collection<LogMigrationCheckpoint>(LOG_MIGRATION_COLLECTION).findOne({ _id: 'events' });
  const heads = () => db.collection<PartitionHeadDocument>(EventLogCollection.Partitions);

  beforeAll(async () => {
    client = await MongoClient.connect(testEnv(__filename).MONGO_URL);
    db = client.db();
    keys = new PersonalKeys(() => db, testKeyEncryptionKey());
    await db.collection<StoredEventDocument>(EventLogCollection.Events).insertMany(Array.from({ length: 25 }, (_, n) => comment(n)));
    await heads().insertOne({ _id: 'p00', head: 25 });
  });

  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });

  it('keeps its copy and leaves the log in place while something appends', async () => {
    const appending = setInterval(() => void heads().updateOne({ _id: 'p00' }, { $inc: { head: 1 } }), 50);
    const result = await migrateLog({ db, keys, quietMs: 300, chunk: 10 }).finally(() => clearInterval(appending));
    expect(result.outcome).toBe('not-quiet');
    expect(result.checkpoint).toMatchObject({ phase: 'copying', copied: 25, rewritten: 25, chunks: 3 });
    expect(await db.collection(MIGRATED_EVENTS).countDocuments()).toBe(25);
    expect(await db.collection(EventLogCollection.Events).findOne({ _id: comment(0)._id as never })).toEqual(comment(0));
  });

  it('run again once appends stopped, catches up and switches; finishes a switch stopped between its renames', async () => {
    // Appended after the first run's copy.
    await db.collection<StoredEventDocument>(EventLogCollection.Events).insertOne(comment(25));
    const { backup } = (await checkpoint())!;
    const result = await migrateLog({ db, keys, quietMs: 100, chunk: 10 });
    expect(result.outcome).toBe('switched');
    expect(await db.collection(EventLogCollection.Events).countDocuments()).toBe(26);
    expect(await db.collection(backup).countDocuments()).toBe(26);

    // As a switch killed between its renames leaves it: the log kept as the backup, the copy not yet named events.
    await db.renameCollection(EventLogCollection.Events, MIGRATED_EVENTS);
    await db.collection<LogMigrationCheckpoint>(LOG_MIGRATION_COLLECTION).updateOne({ _id: 'events' }, { $set: { phase: 'switching' } });
    expect(await names()).not.toContain(EventLogCollection.Events);
    const finished = await migrateLog({ db, keys, quietMs: 100 });
    expect(finished).toMatchObject({ outcome: 'switched', verification: { events: 26, problemCount: 0 } });
    expect(await names()).toEqual(expect.arrayContaining([EventLogCollection.Events, backup]));
    expect(await names()).not.toContain(MIGRATED_EVENTS);
    expect((await checkpoint())?.phase).toBe('switched');

    const again = await migrateLog({ db, keys, quietMs: 100 });
    expect(again.outcome).toBe('already-switched');
    expect(await db.collection(EventLogCollection.Events).countDocuments()).toBe(26);
  });
});
