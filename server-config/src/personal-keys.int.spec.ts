// Crypto-shredding against the real store: personal fields sealed on the way in, opened on the way out, and read as
// erased once the owner's key is erased, by this process and by another that still had the key in memory.
import {
  AccountEventType,
  ERASED_NAME,
  isSealed,
  PERSONAL_KEYS_COLLECTION,
  type PersonalKeyDocument,
  SocialEventType,
  type StoredEventDocument,
} from '@shelf/contracts';
import { testDatabase } from '@test/support';
import { PersonalKeys } from './personal-keys';

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
    const keys = new PersonalKeys(db);
    const sealed = (await keys.seal(AccountEventType.UserRegisteredV2, registered, metadata)) as Record<string, unknown>;
    expect(isSealed(sealed.email) && isSealed(sealed.username)).toBe(true);
    expect(JSON.stringify(sealed)).not.toMatch(/reader@example|Reader One/);
    expect(sealed).toMatchObject({ userId: 'reader-1', credentialId: 'cred-1' });
    expect(await db().collection<PersonalKeyDocument>(PERSONAL_KEYS_COLLECTION).countDocuments({ _id: 'reader-1' })).toBe(1);
    // Another process, with nothing cached, opens it with the stored key.
    expect((await new PersonalKeys(db).open(stored(AccountEventType.UserRegisteredV2, sealed))).data).toEqual(registered);
    // Events without personal fields pass as they are.
    const liked = { book_id: 1, user_id: 'reader-1' };
    expect(await keys.seal(SocialEventType.StoryLiked, liked, metadata)).toBe(liked);
  });

  it('reads sealed and older plain fields as erased once the key is erased, in every process, without throwing', async () => {
    const writer = new PersonalKeys(db);
    const other = new PersonalKeys(db);
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

  it('reads a field sealed under a key made since it last looked, and a damaged one as erased', async () => {
    const reader = new PersonalKeys(db);
    const renamed = { userId: 'reader-2', username: 'Second' };
    // Asked before reader-2 had a key, so "no key" is what it remembers.
    await reader.open(stored(AccountEventType.UsernameChanged, renamed));
    const sealed = (await new PersonalKeys(db).seal(AccountEventType.UsernameChanged, renamed, metadata)) as Record<string, unknown>;
    expect((await reader.open(stored(AccountEventType.UsernameChanged, sealed))).data).toEqual(renamed);
    const damaged = { ...sealed, username: `${String(sealed.username).slice(0, -4)}AAAA` };
    expect((await reader.open(stored(AccountEventType.UsernameChanged, damaged))).data).toEqual({ userId: 'reader-2', username: ERASED_NAME });
  });
});
