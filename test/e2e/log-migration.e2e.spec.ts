// `npm run log:migrate` (workers/dist, as the command runs it) on a log written before personal fields were sealed and
// password hashes moved out of events: v1 account events with their hash, plain personal fields, and v2 events. The
// migration is killed halfway, right after it stored a credential whose event it had not yet copied, then run again
// while the API and the workers run: the log it switches in holds the same events at the same versions, no
// `passwordHash` and no plain personal field, its old users still log in, and it rebuilds to the same read models.
import { AccountEventType, accountStreams, CREDENTIALS_COLLECTION, type CredentialDocument, EventLogCollection, isSealed, PERSONAL_FIELDS, PERSONAL_KEYS_COLLECTION, type StoredEventDocument } from '@shelf/contracts';
import { PersonalKeys } from '@shelf/server-config';
import { testEnv, testKeyEncryptionKey } from '@test/support';
import argon2 from 'argon2';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { eventMetadata } from '../../backend/src/event-store/event-metadata';
import { EventStore } from '../../backend/src/event-store/event-store';
import { LOG_MIGRATION_COLLECTION, type LogMigrationCheckpoint, MIGRATED_EVENTS } from '../../workers/src/log-migration/log-migration';
import { migratedCredentialId, V2_OF_V1 } from '../../workers/src/log-migration/migrate-event';
import { ownedReadModels } from '../crash-points';
import { appendComment, type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const cli = join(__dirname, '../../workers/dist/log-migration/main.js');
/** Small chunks, so that the log of this test is many of them. */
const CHUNK = '10';

/** Runs the command as `npm run log:migrate` does; resolves with its exit code (or the signal that ended it) and output. */
function migrate(extra: Record<string, string> = {}): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, '--chunk', CHUNK], { env: { ...env, ...extra }, timeout: 120_000 }, (error, stdout) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, signal: error?.signal ?? null, stdout }),
    );
  });
}

/** The rewritten types' names, as the read models of the log before the migration hold them, made the v2 names. */
const withV2Names = (snapshot: Record<string, unknown[]>): Record<string, unknown[]> => {
  let text = JSON.stringify(snapshot);
  for (const [v1, v2] of Object.entries(V2_OF_V1)) text = text.replaceAll(v1, v2);
  const renamed = JSON.parse(text) as Record<string, { _id: string }[]>;
  return Object.fromEntries(Object.entries(renamed).map(([name, docs]) => [name, docs.sort((a, b) => a._id.localeCompare(b._id))]));
};

describe('npm run log:migrate', () => {
  let site: TestSite;
  let readers: Reader[];
  const oldUser = { userId: randomUUID(), email: 'stored.before.sealing@example.test', password: 'a phrase from the v1 days' };
  const resetUser = { userId: randomUUID(), email: 'reset.before.sealing@example.test' };
  const logIn = (email: string, password: string) => site.call('POST', 'user/login', { body: { email, password, honeypot: '' } });
  const events = (collection: string = EventLogCollection.Events) => site.store.collection<StoredEventDocument>(collection).find({}).toArray();

  beforeAll(async () => {
    site = await startSite(env);
    const books = await seedCatalog(site, 2);
    readers = [];
    for (let i = 0; i < 3; i++) readers.push(await registerReader(site, `Migrated ${i}`));
    const comment = (userId: string, n: number) => appendComment(site, { userId, bookId: books[n % 2].bookId, content: `comment ${n} by ${userId}` });
    for (let n = 0; n < 20; n++) await comment(readers[n % 3].user.user_id, n);
    // As the API appended account events before credentials: the hash in the event (now v1, which reads leave it out of).
    const store = site.api.get(EventStore);
    const hashed = (password: string) => argon2.hash(password, { type: argon2.argon2id });
    const v1 = (type: string, data: object) => ({ type, data }) as never;
    const { userId } = oldUser;
    await store.append(accountStreams.user(userId), 0, [v1(AccountEventType.UserRegistered, { userId, email: oldUser.email, username: 'Stored Before', passwordHash: await hashed('a first v1 phrase') })], eventMetadata(userId));
    await store.append(accountStreams.user(userId), 1, [v1(AccountEventType.PasswordChanged, { userId, passwordHash: await hashed(oldUser.password) })], eventMetadata(userId));
    await site.store.collection('account_claims').insertMany([
      { _id: `email:${oldUser.email}` as never, userId, claimedAt: new Date() },
      { _id: 'username:stored before' as never, userId, claimedAt: new Date() },
    ]);
    const reset = resetUser.userId;
    await store.append(accountStreams.user(reset), 0, [v1(AccountEventType.UserRegistered, { userId: reset, email: resetUser.email, username: 'Reset Before', passwordHash: await hashed('x') })], eventMetadata(reset));
    await store.append(accountStreams.user(reset), 1, [v1(AccountEventType.PasswordReset, { userId: reset, passwordHash: await hashed('y') })], eventMetadata(reset));
    for (let n = 20; n < 40; n++) await comment(n % 2 ? userId : readers[n % 3].user.user_id, n);
    // Stored before sealing began: every personal field in plain text, and no key for the old accounts.
    const keys = new PersonalKeys(() => site.store.db!, testKeyEncryptionKey());
    for (const doc of await events()) {
      const opened = await keys.open(doc);
      if (JSON.stringify(opened.data) !== JSON.stringify(doc.data)) await site.store.collection<StoredEventDocument>(EventLogCollection.Events).replaceOne({ _id: doc._id }, opened);
    }
    await site.store.collection(PERSONAL_KEYS_COLLECTION).deleteMany({ _id: { $in: [oldUser.userId, resetUser.userId] } as never });
    // And appended since: sealed, v2.
    readers.push(await registerReader(site, 'Sealed since'));
    await comment(readers[3].user.user_id, 40);
    await site.drained();
  }, 180_000);

  afterAll(async () => {
    await site?.close();
  }, 60_000);

  it('killed halfway and run again, switches in a log without secrets that rebuilds to the same read models', async () => {
    const original = await events();
    expect(JSON.stringify(original)).toContain('passwordHash');
    expect(original.some((doc) => PERSONAL_FIELDS[doc.type] && Object.keys(PERSONAL_FIELDS[doc.type]!.fields).some((field) => typeof (doc.data as Record<string, unknown>)[field] === 'string' && !isSealed((doc.data as Record<string, unknown>)[field])))).toBe(true);
    // The API has this user's stream as the v1 events set it: its log-in after the switch reads the credential they now name.
    expect((await logIn(oldUser.email, oldUser.password)).status).toBe(200);
    const names = ownedReadModels(site.workers);
    await rebuild(site.workers, { api: site.api });
    const before = withV2Names(await readModelSnapshot(site.workers, names));

    const killed = await migrate({ STORE_CRASH_AFTER_WRITE_TO: CREDENTIALS_COLLECTION });
    expect(killed.signal).toBe('SIGKILL');
    const halfway = await site.store.collection(MIGRATED_EVENTS).countDocuments();
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(original.length);
    expect(await site.store.collection(EventLogCollection.Events).countDocuments()).toBe(original.length);

    const finished = await migrate();
    expect(finished.stdout).toContain('The log is switched');
    expect(finished.code).toBe(0);

    const migrated = await events();
    expect(migrated).toHaveLength(original.length);
    const byId = new Map(migrated.map((doc) => [doc._id, doc]));
    for (const doc of original) {
      const now = byId.get(doc._id);
      expect({ eventId: now?.eventId, streamId: now?.streamId, version: now?.version, occurredAt: now?.occurredAt, metadata: now?.metadata }).toEqual({
        eventId: doc.eventId, streamId: doc.streamId, version: doc.version, occurredAt: doc.occurredAt, metadata: doc.metadata,
      });
      expect(now?.type).toBe((V2_OF_V1 as Record<string, string>)[doc.type] ?? doc.type);
    }
    expect(JSON.stringify(migrated)).not.toContain('passwordHash');
    expect(JSON.stringify(migrated)).not.toContain('$argon2');
    const plain = migrated.flatMap((doc) =>
      Object.entries(PERSONAL_FIELDS[doc.type]?.fields ?? {})
        .filter(([field, erased]) => typeof (doc.data as Record<string, unknown>)[field] === 'string' && !isSealed((doc.data as Record<string, unknown>)[field]) && (doc.data as Record<string, unknown>)[field] !== erased)
        .map(([field]) => `${doc._id} ${field}`),
    );
    expect(plain).toEqual([]);

    // The log as it was is kept, and every v1 hash is now the credential its event names.
    const checkpoint = (await site.store.collection<LogMigrationCheckpoint>(LOG_MIGRATION_COLLECTION).findOne({ _id: 'events' }))!;
    expect(checkpoint.phase).toBe('switched');
    expect(await events(checkpoint.backup)).toEqual(original);
    const v1Events = original.filter((doc) => Object.hasOwn(V2_OF_V1, doc.type));
    expect(v1Events).toHaveLength(4);
    for (const doc of v1Events) {
      const credentialId = migratedCredentialId(doc.eventId);
      expect((byId.get(doc._id)!.data as { credentialId: string }).credentialId).toBe(credentialId);
      const credential = await site.store.collection<CredentialDocument>(CREDENTIALS_COLLECTION).findOne({ _id: credentialId });
      expect(credential).toEqual({ _id: credentialId, userId: (doc.data as { userId: string }).userId, passwordHash: (doc.data as { passwordHash: string }).passwordHash, createdAt: doc.occurredAt });
    }
    expect((await logIn(oldUser.email, oldUser.password)).status).toBe(200);
    expect((await logIn(oldUser.email, 'a first v1 phrase')).status).toBe(401);

    await rebuild(site.workers, { api: site.api });
    expect(await readModelSnapshot(site.workers, names)).toEqual(before);

    const again = await migrate();
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('The log was migrated on');
  }, 300_000);
});
