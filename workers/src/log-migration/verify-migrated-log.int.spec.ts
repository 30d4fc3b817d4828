// The log migration's verification on the real store: a faithful copy passes, and each way a copy can be wrong is
// named (an event missing or added, another event id, a gap in a stream, a hash left, a plain personal field, a v1
// type, a credential missing).
import { AccountEventType, CREDENTIALS_COLLECTION, type CredentialDocument, eventDocumentId, SocialEventType, type StoredEventDocument } from '@shelf/contracts';
import { PersonalKeys } from '@shelf/server-config';
import { testEnv, testKeyEncryptionKey } from '@test/support';
import { type Db, MongoClient } from 'mongodb';
import { migratedCredentialId, migrateEvent } from './migrate-event';
import { verifyMigratedLog } from './verify-migrated-log';

const event = (streamId: string, version: number, type: string, data: Record<string, unknown>): StoredEventDocument => ({
  _id: eventDocumentId(streamId, version),
  eventId: `${streamId}-${version}`,
  streamId,
  version,
  type,
  data,
  metadata: { actor: 'a', correlationId: 'c', causationId: null },
  occurredAt: new Date('2026-01-02T03:04:05.000Z'),
});

const original = [
  event('user-u1', 1, AccountEventType.UserRegistered, { userId: 'u1', email: 'u1@example.test', username: 'One', passwordHash: 'h1' }),
  event('user-u1', 2, AccountEventType.PasswordChanged, { userId: 'u1', passwordHash: 'h2' }),
  event('comment-c1', 1, SocialEventType.CommentPosted, { comment_id: 'c1', user_id: 'u1', username: 'One', email_hash: 'e', comment_content: 'Text', book_id: 1, chapter_id: null }),
  event('story-like-1-u1', 1, SocialEventType.StoryLiked, { book_id: 1, user_id: 'u1' }),
];

describe('verifyMigratedLog', () => {
  let client: MongoClient;
  let db: Db;
  let keys: PersonalKeys;
  let migrated: StoredEventDocument[];

  /** The problems found with the migrated log changed by `change`. */
  const problemsWith = async (change: (docs: StoredEventDocument[]) => StoredEventDocument[]) => {
    await db.collection('copy').drop().catch(() => undefined);
    await db.collection<StoredEventDocument>('copy').insertMany(change(migrated.map((doc) => structuredClone(doc))));
    return (await verifyMigratedLog(db, keys, 'log', 'copy')).problems;
  };

  beforeAll(async () => {
    client = await MongoClient.connect(testEnv(__filename).MONGO_URL);
    db = client.db();
    keys = new PersonalKeys(() => db, testKeyEncryptionKey());
    await db.collection<StoredEventDocument>('log').insertMany(original);
    const done = await Promise.all(original.map((doc) => migrateEvent(doc, keys)));
    await db.collection<CredentialDocument>(CREDENTIALS_COLLECTION).insertMany(done.flatMap(({ credential }) => (credential ? [credential] : [])));
    migrated = done.map(({ event }) => event);
  });

  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });

  it('passes a faithful copy', async () => {
    expect(await problemsWith((docs) => docs)).toEqual([]);
    expect(await verifyMigratedLog(db, keys, 'log', 'copy')).toMatchObject({ events: 4, streams: 3, problemCount: 0 });
  });

  it('names an event missing, one added and one holding another event', async () => {
    expect(await problemsWith((docs) => docs.slice(1))).toEqual([`${original[0]._id} of log is missing`, 'stream user-u1 has versions 2, not 1..1']);
    expect(await problemsWith((docs) => [...docs, event('user-u1', 3, AccountEventType.EmailVerified, { userId: 'u1' })])).toEqual([`${eventDocumentId('user-u1', 3)} is not in log`]);
    expect(await problemsWith((docs) => docs.map((doc, i) => (i === 3 ? { ...doc, eventId: 'other' } : doc)))).toEqual([`${original[3]._id} holds event other, log ${original[3].eventId}`]);
  });

  it('names a hash left, a v1 type left and a personal field in plain text', async () => {
    expect(await problemsWith((docs) => docs.map((doc, i) => (i === 1 ? { ...doc, data: { ...(doc.data as object), passwordHash: 'h2' } } : doc)))).toEqual([
      `${original[1]._id} holds a passwordHash`,
    ]);
    expect(await problemsWith((docs) => docs.map((doc, i) => (i === 1 ? { ...doc, type: AccountEventType.PasswordChanged } : doc)))).toEqual([
      `${original[1]._id} is still ${AccountEventType.PasswordChanged}`,
    ]);
    expect(await problemsWith((docs) => docs.map((doc, i) => (i === 2 ? { ...doc, data: { ...(doc.data as object), comment_content: 'Text' } } : doc)))).toEqual([
      `${original[2]._id} holds comment_content in plain text`,
    ]);
  });

  it('names a migrated credential missing', async () => {
    await db.collection(CREDENTIALS_COLLECTION).deleteOne({ _id: migratedCredentialId(original[1].eventId) as never });
    expect(await problemsWith((docs) => docs)).toEqual([`the credential of event ${original[1].eventId} is missing`]);
  });
});
