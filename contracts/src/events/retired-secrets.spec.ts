import { AccountEventType } from './account-events';
import { type StoredEventDocument, toDomainEvent } from './event-log';
import { withoutSecrets } from './retired-secrets';

const stored = (type: string, data: unknown): StoredEventDocument => ({
  _id: 'user-u1:0000000001',
  eventId: 'e1',
  streamId: 'user-u1',
  version: 1,
  type,
  data,
  metadata: { actor: 'u1', correlationId: 'c1', causationId: null },
  occurredAt: new Date('2026-11-23T10:00:00.000Z'),
});

describe('reading an event from the log', () => {
  it('leaves the password hash out of the v1 account events that stored one', () => {
    const registered = toDomainEvent(stored(AccountEventType.UserRegistered, { userId: 'u1', email: 'r@example.test', username: 'Reader', passwordHash: '$argon2id$v=19$secret' }));
    expect(registered.data).toEqual({ userId: 'u1', email: 'r@example.test', username: 'Reader' });
    for (const type of [AccountEventType.PasswordReset, AccountEventType.PasswordChanged]) {
      expect(toDomainEvent(stored(type, { userId: 'u1', passwordHash: '$argon2id$v=19$secret' })).data).toEqual({ userId: 'u1' });
    }
  });

  it('keeps every field of the other events as stored', () => {
    const v2 = { userId: 'u1', email: 'r@example.test', username: 'Reader', credentialId: 'c1' };
    expect(toDomainEvent(stored(AccountEventType.UserRegisteredV2, v2)).data).toEqual(v2);
    // A field of that name in another type's data is not one of the retired secrets.
    expect(withoutSecrets('book.published.v1', { passwordHash: 'not a secret here' })).toEqual({ passwordHash: 'not a secret here' });
    expect(withoutSecrets(AccountEventType.PasswordChanged, null)).toBeNull();
  });
});
