// One event as the log migration rewrites it, with the real store's personal keys: a v1 account event becomes v2 naming
// a credential with its hash, plain personal fields are sealed once, sealed ones kept, and an erased account's fields
// read as erased with no credential made for it.
import { AccountEventType, ERASED_NAME, ERASED_TEXT, isSealed, SocialEventType, type StoredEventDocument } from '@shelf/contracts';
import { PersonalKeys } from '@shelf/server-config';
import { testDatabase, testKeyEncryptionKey } from '@test/support';
import { migratedCredentialId, migrateEvent } from './migrate-event';

const stored = (type: string, data: Record<string, unknown>, eventId = `event-${type}`): StoredEventDocument => ({
  _id: `stream:0000000001`,
  eventId,
  streamId: 'stream',
  version: 1,
  type,
  data,
  metadata: { actor: 'u1', correlationId: 'c', causationId: null },
  occurredAt: new Date('2026-01-02T03:04:05.000Z'),
});

describe('migrateEvent', () => {
  const db = testDatabase(__filename);
  const keys = new PersonalKeys(db, testKeyEncryptionKey());

  it('rewrites a v1 registration as v2 naming a credential that holds its hash, its name and address sealed', async () => {
    const event = stored(AccountEventType.UserRegistered, { userId: 'u1', email: 'u1@example.test', username: 'Reader One', passwordHash: '$argon2id$hash' });
    const { event: migrated, credential, changed } = await migrateEvent(event, keys);
    expect(changed).toBe(true);
    const credentialId = migratedCredentialId(event.eventId);
    expect(credential).toEqual({ _id: credentialId, userId: 'u1', passwordHash: '$argon2id$hash', createdAt: event.occurredAt });
    expect({ ...migrated, data: undefined }).toEqual({ ...event, type: AccountEventType.UserRegisteredV2, data: undefined });
    const data = migrated.data as Record<string, string>;
    expect(Object.keys(data).sort()).toEqual(['credentialId', 'email', 'userId', 'username']);
    expect(data.credentialId).toBe(credentialId);
    expect([isSealed(data.email), isSealed(data.username)]).toEqual([true, true]);
    expect((await keys.open(migrated)).data).toEqual({ userId: 'u1', email: 'u1@example.test', username: 'Reader One', credentialId });
  });

  it('rewrites v1 resets and changes as their v2, and names the same credential however often it runs', async () => {
    for (const [v1, v2] of [
      [AccountEventType.PasswordReset, AccountEventType.PasswordResetV2],
      [AccountEventType.PasswordChanged, AccountEventType.PasswordChangedV2],
    ]) {
      const event = stored(v1, { userId: 'u1', passwordHash: 'h' });
      const [first, second] = [await migrateEvent(event, keys), await migrateEvent(event, keys)];
      expect(first.event).toEqual({ ...event, type: v2, data: { userId: 'u1', credentialId: migratedCredentialId(event.eventId) } });
      expect(second).toEqual(first);
    }
  });

  it('seals only the fields still plain, and leaves an event with none as it is', async () => {
    const comment = { comment_id: 'c1', user_id: 'u1', username: 'Reader One', email_hash: 'abc', comment_content: 'Plain text' };
    const sealedOnce = (await migrateEvent(stored(SocialEventType.CommentPosted, comment), keys)).event;
    const partly = { ...(sealedOnce.data as Record<string, unknown>), comment_content: 'Written plain later' };
    const migrated = await migrateEvent(stored(SocialEventType.CommentPosted, partly), keys);
    const data = migrated.event.data as Record<string, string>;
    expect(data.username).toBe((sealedOnce.data as Record<string, string>).username);
    expect(isSealed(data.comment_content)).toBe(true);
    expect((await keys.open(migrated.event)).data).toEqual({ ...comment, comment_content: 'Written plain later' });

    const untouched = stored(SocialEventType.StoryLiked, { book_id: 1, user_id: 'u1' });
    expect(await migrateEvent(untouched, keys)).toEqual({ event: untouched, credential: null, changed: false });
    const sealedAlready = { ...sealedOnce, eventId: 'sealed-already' };
    expect((await migrateEvent(sealedAlready, keys)).event).toBe(sealedAlready);
  });

  it('makes no credential for an erased account, and stores its plain fields as erased', async () => {
    await keys.erase('gone');
    const { event, credential } = await migrateEvent(stored(AccountEventType.UserRegistered, { userId: 'gone', email: 'gone@example.test', username: 'Gone', passwordHash: 'h' }), keys);
    expect(credential).toBeNull();
    expect(event.data).toEqual({ userId: 'gone', email: ERASED_TEXT, username: ERASED_NAME, credentialId: migratedCredentialId('event-user.registered.v1') });
  });
});
