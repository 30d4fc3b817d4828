// A backup restored after an erasure holds the erased account's key again: reapplyErasures erases it once more.
import { AccountEventType, EventLogCollection, PERSONAL_KEYS_COLLECTION, type PersonalKeyDocument, type StoredEventDocument } from '@shelf/contracts';
import { PersonalKeys } from '@shelf/server-config';
import { testDatabase, testKeyEncryptionKey } from '@test/support';
import { reapplyErasures } from './reapply-erasures';

describe('reapplyErasures', () => {
  const db = testDatabase(__filename);

  it('erases the restored key of an account the log erased, and leaves the others', async () => {
    const metadata = { actor: 'gone', correlationId: 'c', causationId: null };
    const keys = new PersonalKeys(db, testKeyEncryptionKey());
    // Keys as a backup taken before the erasure holds them.
    for (const owner of ['gone', 'staying']) await keys.seal(AccountEventType.UsernameChanged, { userId: owner, username: owner }, metadata);
    await db().collection<StoredEventDocument>(EventLogCollection.Events).insertOne({
      _id: 'user-gone:0000000009', eventId: 'e9', streamId: 'user-gone', version: 9, type: AccountEventType.UserErased, data: { userId: 'gone' }, metadata, occurredAt: new Date(),
    });
    expect(await reapplyErasures(db())).toEqual({ erased: 1, keysErased: 1 });
    const stored = db().collection<PersonalKeyDocument>(PERSONAL_KEYS_COLLECTION);
    expect(await stored.findOne({ _id: 'gone' })).toMatchObject({ erasedAt: expect.any(Date) });
    expect(await stored.findOne({ _id: 'gone' })).not.toHaveProperty('wrappedKey');
    expect((await stored.findOne({ _id: 'staying' }))?.wrappedKey).toBeDefined();
    expect(await reapplyErasures(db())).toEqual({ erased: 1, keysErased: 0 });
  });
});
