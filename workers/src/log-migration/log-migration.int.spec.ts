// The log migration's phases on the real store, in process: it keeps its copy and does not switch while appends go on,
// catches up and switches once they stop, finishes a switch killed between its two renames, and then changes nothing;
// after a release that lists more personal fields, runs a new round that seals what the earlier one left plain.
import { EventLogCollection, eventDocumentId, isSealed, LibraryEventType, type PartitionHeadDocument, SocialEventType, type StoredEventDocument } from '@shelf/contracts';
import { PersonalKeys } from '@shelf/server-config';
import { testEnv, testKeyEncryptionKey } from '@test/support';
import { type Db, MongoClient } from 'mongodb';
import { dropLogBackup, logBackups } from './log-backup';
import { LOG_MIGRATION_COLLECTION, type LogMigrationCheckpoint, migrateLog, MIGRATED_EVENTS, personalFieldsDigest } from './log-migration';

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

  it('runs a new round when the personal-field list changed since the last one, sealing what that one left plain', async () => {
    // A saved search stored when its name and query were not listed as personal, and a round that switched back then.
    const preset: StoredEventDocument = {
      _id: eventDocumentId('presets-u1', 1),
      eventId: 'preset-1',
      streamId: 'presets-u1',
      version: 1,
      type: LibraryEventType.SearchPresetSaved,
      data: { user_id: 'u1', preset_id: 'p1', name: 'My secret shelf', query: 'tag:forbidden' },
      metadata: { actor: 'u1', correlationId: 'c', causationId: null },
      occurredAt: new Date('2026-01-02T03:04:05.000Z'),
    };
    await db.collection<StoredEventDocument>(EventLogCollection.Events).insertOne(preset);
    const first = (await checkpoint())!;
    await db.collection<LogMigrationCheckpoint>(LOG_MIGRATION_COLLECTION).updateOne({ _id: 'events' }, { $unset: { fields: '' } });

    const result = await migrateLog({ db, keys, quietMs: 100, chunk: 10 });
    expect(result).toMatchObject({ outcome: 'switched', verification: { events: 27, problemCount: 0 } });
    expect(result.checkpoint).toMatchObject({ fields: personalFieldsDigest(), copied: 27, rewritten: 1 });
    expect(result.checkpoint.backup).not.toBe(first.backup);
    const stored = (await db.collection<StoredEventDocument>(EventLogCollection.Events).findOne({ _id: preset._id }))!;
    const data = stored.data as Record<string, unknown>;
    expect([isSealed(data.name), isSealed(data.query)]).toEqual([true, true]);
    expect((await keys.open(stored)).data).toEqual(preset.data);
    expect((await migrateLog({ db, keys, quietMs: 100 })).outcome).toBe('already-switched');

    // Both rounds' backups hold plain data; one command drops them both.
    expect((await logBackups(db)).map(({ name }) => name).sort()).toEqual([first.backup, result.checkpoint.backup].sort());
    expect(await dropLogBackup(db)).toMatchObject({ outcome: 'dropped', backups: [expect.anything(), expect.anything()] });
    expect(await logBackups(db)).toEqual([]);
  });
});
