// Crypto-shredding against the real store: personal fields sealed on the way in, opened on the way out, and read as
// erased once the owner's key is erased, by this process and by another that still had the key in memory; the keys
// stored wrapped by the key-encryption key, and a field that does not open under a live key recorded and refused.
import {
  AccountEventType,
  ERASED_NAME,
  isSealed,
  PERSONAL_KEYS_COLLECTION,
  type PersonalKeyDocument,
  SocialEventType,
  type StoredEventDocument,
  UNOPENABLE_FIELDS_COLLECTION,
} from '@shelf/contracts';
import { testDatabase } from '@test/support';
import type { Binary } from 'mongodb';
import { createDecipheriv, randomBytes } from 'node:crypto';
import { KeyEncryptionKey, KeyNotUnwrapped } from './key-encryption-key';
import { PersonalKeys, UnopenableField } from './personal-keys';

const metadata = { actor: 'reader-1', correlationId: 'c', causationId: null };

const stored = (type: string, data: object): StoredEventDocument => ({
  _id: `s:${type}`,
  eventId: `e-${type}`,
  streamId: 's',
  version: 1,
  type,
  data,
  metadata,
  occurredAt: new Date(),
});

describe('PersonalKeys', () => {
  const db = testDatabase(__filename);
  const kek = new KeyEncryptionKey(randomBytes(32).toString('base64url'));
  const personalKeys = () => new PersonalKeys(db, kek);

  const registered = { userId: 'reader-1', email: 'reader@example.test', username: 'Reader One', credentialId: 'cred-1' };
  const posted = {
    comment_id: 'c1',
    book_id: 1,
    chapter_id: 2,
    parent_comment_id: null,
    parent_user_id: null,
    user_id: 'reader-1',
    username: 'Reader One',
    email_hash: 'abc123',
    comment_content: 'What a chapter',
  };

  it('seals only the personal fields, under a key made on first use, and opens them again', async () => {
    const keys = personalKeys();
    const sealed = (await keys.seal(AccountEventType.UserRegisteredV2, registered, metadata)) as Record<string, unknown>;
    expect(isSealed(sealed.email) && isSealed(sealed.username)).toBe(true);
    expect(JSON.stringify(sealed)).not.toMatch(/reader@example|Reader One/);
    expect(sealed).toMatchObject({ userId: 'reader-1', credentialId: 'cred-1' });
    expect(await db().collection<PersonalKeyDocument>(PERSONAL_KEYS_COLLECTION).countDocuments({ _id: 'reader-1' })).toBe(1);
    // Another process, with nothing cached, opens it with the stored key.
    expect((await personalKeys().open(stored(AccountEventType.UserRegisteredV2, sealed))).data).toEqual(registered);
    // Events without personal fields pass as they are.
    const liked = { book_id: 1, user_id: 'reader-1' };
    expect(await keys.seal(SocialEventType.StoryLiked, liked, metadata)).toBe(liked);
  });

  it('looks up the keys of a batch of events in one query, then opens them with no read each', async () => {
    const owners = ['batch-1', 'batch-2', 'batch-3'];
    const writer = personalKeys();
    const events = await Promise.all(
      owners.map(async (userId) => stored(AccountEventType.UsernameChanged, (await writer.seal(AccountEventType.UsernameChanged, { userId, username: `Name ${userId}` }, metadata)) as object)),
    );
    const reads: string[] = [];
    const counted = () =>
      new Proxy(db(), {
        get: (target, key) =>
          key === 'collection'
            ? (name: string) =>
                new Proxy(target.collection(name), {
                  get: (collection, method) => {
                    if (method === 'find' || method === 'findOne') reads.push(String(method));
                    const value = collection[method as keyof typeof collection];
                    return typeof value === 'function' ? value.bind(collection) : value;
                  },
                })
            : target[key as keyof typeof target],
      });
    const reader = new PersonalKeys(counted, kek);
    // An event without personal fields and one of an owner with no key ask for nothing and for one id.
    await reader.prefetch([...events, stored(SocialEventType.StoryLiked, { book_id: 1, user_id: 'batch-1' }), stored(AccountEventType.UsernameChanged, { userId: 'batch-none', username: 'Plain' })]);
    expect(reads).toEqual(['find']);
    const opened = await Promise.all(events.map((event) => reader.open(event)));
    expect(opened.map((event) => event.data)).toEqual(owners.map((userId) => ({ userId, username: `Name ${userId}` })));
    expect(reads).toEqual(['find']);
  });

  it('reads sealed and older plain fields as erased once the key is erased, in every process, without throwing', async () => {
    const writer = personalKeys();
    const other = personalKeys();
    const sealedComment = stored(SocialEventType.CommentPosted, (await writer.seal(SocialEventType.CommentPosted, posted, metadata)) as object);
    const plainRename = stored(AccountEventType.UsernameChanged, { userId: 'reader-1', username: 'Older Name' });
    // The other process holds the key in memory.
    expect((await other.open(sealedComment)).data).toMatchObject({ comment_content: 'What a chapter' });

    await writer.erase('reader-1');
    expect((await writer.open(sealedComment)).data).toEqual({ ...posted, username: ERASED_NAME, email_hash: '', comment_content: '' });
    expect((await writer.open(plainRename)).data).toEqual({ userId: 'reader-1', username: ERASED_NAME });
    // The erasure event itself tells a reader of the log to drop its copy of the key at once.
    await other.open(stored(AccountEventType.UserErased, { userId: 'reader-1' }));
    expect((await other.open(sealedComment)).data).toMatchObject({ username: ERASED_NAME, comment_content: '' });
    // New events of an erased account are never stored readable, and no key is made again.
    const late = (await writer.seal(SocialEventType.CommentEdited, { comment_id: 'c1', book_id: 1, chapter_id: 2, comment_content: 'Too late' }, metadata)) as Record<string, unknown>;
    expect(late.comment_content).toBe('');
    const doc = await db().collection<PersonalKeyDocument>(PERSONAL_KEYS_COLLECTION).findOne({ _id: 'reader-1' });
    expect(doc).toMatchObject({ erasedAt: expect.any(Date) });
    expect(doc?.key).toBeUndefined();
  });

  it('reads a field sealed under a key made since it last looked, and refuses a damaged one, recording it', async () => {
    const reader = personalKeys();
    const renamed = { userId: 'reader-2', username: 'Second' };
    // Asked before reader-2 had a key, so "no key" is what it remembers.
    await reader.open(stored(AccountEventType.UsernameChanged, renamed));
    const sealed = (await personalKeys().seal(AccountEventType.UsernameChanged, renamed, metadata)) as Record<string, unknown>;
    expect((await reader.open(stored(AccountEventType.UsernameChanged, sealed))).data).toEqual(renamed);
    const damaged = { ...sealed, username: `${String(sealed.username).slice(0, -4)}AAAA` };
    await expect(reader.open(stored(AccountEventType.UsernameChanged, damaged))).rejects.toThrow(UnopenableField);
    // Moved into another event of the same owner, it does not open either.
    await expect(reader.open(stored(AccountEventType.UserRegisteredV2, { ...registered, userId: 'reader-2', username: sealed.username }))).rejects.toThrow(UnopenableField);
    const recorded = await db().collection(UNOPENABLE_FIELDS_COLLECTION).find({}, { sort: { _id: 1 } }).toArray();
    expect(recorded.map(({ _id, owner, field }) => ({ _id, owner, field }))).toEqual([
      { _id: `s:${AccountEventType.UserRegisteredV2}/username`, owner: 'reader-2', field: 'username' },
      { _id: `s:${AccountEventType.UsernameChanged}/username`, owner: 'reader-2', field: 'username' },
    ]);
    expect(JSON.stringify(recorded)).not.toContain('Second');
  });

  it('stores keys that a dump of personal_keys alone opens nothing with', async () => {
    const keys = personalKeys();
    const sealed = (await keys.seal(AccountEventType.UsernameChanged, { userId: 'reader-3', username: 'Third' }, metadata)) as Record<string, unknown>;
    const dump = await db().collection<PersonalKeyDocument>(PERSONAL_KEYS_COLLECTION).find({}).toArray();
    expect(dump.every((doc) => doc.key === undefined)).toBe(true);
    // Every 32 bytes of every document, tried as the key, opens nothing.
    const bytes = dump.flatMap((doc) => (doc.wrappedKey ? [Buffer.from((doc.wrappedKey as unknown as Binary).buffer)] : []));
    expect(bytes.length).toBeGreaterThan(0);
    const value = Buffer.from(String(sealed.username).slice('sealed:v2:'.length), 'base64url');
    const opens = (candidate: Buffer) => {
      try {
        const decipher = createDecipheriv('aes-256-gcm', candidate, value.subarray(0, 12), { authTagLength: 16 });
        decipher.setAAD(Buffer.from(JSON.stringify(['reader-3', AccountEventType.UsernameChanged, 'username'])));
        decipher.setAuthTag(value.subarray(12, 28));
        decipher.update(value.subarray(28));
        decipher.final();
        return true;
      } catch {
        return false;
      }
    };
    expect(bytes.some((wrapped) => Array.from({ length: wrapped.length - 31 }, (_, at) => wrapped.subarray(at, at + 32)).some(opens))).toBe(false);
    // With the key-encryption key it opens; with another one the keys do not unwrap, and nothing reads as erased.
    expect((await personalKeys().open(stored(AccountEventType.UsernameChanged, sealed))).data).toMatchObject({ username: 'Third' });
    const otherKek = new PersonalKeys(db, new KeyEncryptionKey(randomBytes(32).toString('base64url')));
    await expect(otherKek.open(stored(AccountEventType.UsernameChanged, sealed))).rejects.toThrow(KeyNotUnwrapped);
  });

  it('wraps a key stored before wrapping began at its first use, and opens what it sealed', async () => {
    const key = randomBytes(32);
    const keysCollection = db().collection<PersonalKeyDocument>(PERSONAL_KEYS_COLLECTION);
    await keysCollection.insertOne({ _id: 'reader-4', key, createdAt: new Date() });
    const sealed = (await personalKeys().seal(AccountEventType.UsernameChanged, { userId: 'reader-4', username: 'Fourth' }, metadata)) as Record<string, unknown>;
    const doc = await keysCollection.findOne({ _id: 'reader-4' });
    expect(doc?.key).toBeUndefined();
    expect(kek.unwrap('reader-4', Buffer.from((doc!.wrappedKey as unknown as Binary).buffer))).toEqual(key);
    expect((await personalKeys().open(stored(AccountEventType.UsernameChanged, sealed))).data).toMatchObject({ username: 'Fourth' });
  });
});
