// "Delete my account" end to end: the password again, the e-mailed link, then an account that cannot log in, comments
// that read [deleted account] with their replies in place, likes and progress forgotten, and after a full rebuild no
// trace of the reader's e-mail, username or comment text in any collection of the store. Real store, Redis and SMTP.
import { type CommentsResponse, LibraryReadModelCollection as L, type LikeStatusResponse, type ReadingFeedResponse } from '@shelf/contracts';
import { testEnv, testKeyEncryptionKey, waitForMail } from '@test/support';
import { MongoNetworkError } from 'mongodb';
import { AccountErasure } from '../../backend/src/modules/accounts';
import { type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const PASSWORD = 'correct horse battery staple';
const COMMENT = `A comment only the erased reader wrote ${Date.now()}`;
const EDITED = `Edited by the erased reader ${Date.now()}`;

describe('delete my account', () => {
  let site: TestSite;
  let book: { bookId: number; chapterIds: number[] };
  let reader: Reader;
  let other: Reader;
  let commentId: string;
  let replyId: string;
  let feedAddress: string;
  const thread = () => ({ book_id: String(book.bookId), chapter_id: String(book.chapterIds[0]) });
  const comments = async () => {
    const answer = await site.call<CommentsResponse>('GET', `comment/show-comments?${new URLSearchParams({ ...thread(), criteria: 'oldest' })}`);
    if (!answer.body.comments) throw new Error(`show-comments: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.comments;
  };
  const likeCount = async () => (await site.call<LikeStatusResponse>('GET', `like/show-visitor-like-count?book_id=${book.bookId}`)).body;

  beforeAll(async () => {
    site = await startSite(env);
    [book] = await seedCatalog(site, 1);
    [reader, other] = [await registerReader(site, 'Eraser'), await registerReader(site, 'Stayer')];
    const posted = await site.call<{ comment_id: string }>('POST', 'comment/post-comments', {
      body: { book_id: book.bookId, chapter_id: book.chapterIds[0], parent_comment_id: null, comment_content: COMMENT },
      token: reader.token,
    });
    commentId = String(posted.body.comment_id);
    await site.call('POST', 'comment/edit-comments', { body: { comment_id: commentId, new_comment_content: EDITED, honeypot: '' }, token: reader.token });
    const reply = await site.call<{ comment_id: string }>('POST', 'comment/post-comments', {
      body: { book_id: book.bookId, chapter_id: book.chapterIds[0], parent_comment_id: commentId, comment_content: 'A reply that stays in its place' },
      token: other.token,
    });
    if (reply.status !== 200) throw new Error(`reply: ${reply.status} ${JSON.stringify(reply.body)}`);
    replyId = String(reply.body.comment_id);
    for (const [method, path, body] of [
      ['POST', 'like/like-book', { book_id: book.bookId }],
      ['POST', 'user/reading-progress', { book_id: book.bookId, chapter_id: book.chapterIds[1], position: 0.5 }],
      ['PUT', 'user/digests', { kind: 'replies', frequency: 'daily', time_zone: 'Europe/Berlin' }],
      ['PUT', 'user/library/shelf', { book_id: book.bookId, shelf: 'reading' }],
      ['PUT', 'user/search-presets', { name: 'Finished romances', query: 'genre=Romance&completion_status=Completed' }],
    ] as const) {
      const answer = await site.call(method, path, { body, token: reader.token, ip: reader.ip });
      if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    // The address names the public site; the test's API answers the same path.
    feedAddress = `${site.base}${new URL((await site.call<ReadingFeedResponse>('PUT', 'user/feeds/reading', { token: reader.token, ip: reader.ip })).body.reading!.rss).pathname}`;
    await site.drained();
    expect((await fetch(feedAddress)).status).toBe(200);
  }, 90_000);

  afterAll(() => site.close());

  it('asks for the password again, and refuses a wrong one or a visitor', async () => {
    expect(await site.call('POST', 'user/profile/delete-account', { body: { password: 'not my password' }, token: reader.token })).toEqual({
      status: 400,
      body: expect.objectContaining({ success: false, message: 'The password is not correct.' }),
    });
    expect((await site.call('POST', 'user/profile/delete-account', { body: { password: PASSWORD } })).status).toBe(401);
    expect((await site.call('POST', 'user/profile/delete-account', { body: {}, token: reader.token })).status).toBe(400);
    expect((await site.call('POST', 'user/delete-account', { body: { token: 'x'.repeat(43) } })).body).toMatchObject({ success: false, message: 'Invalid token.' });
  });

  it('deletes the account once its e-mailed link is followed', async () => {
    expect((await likeCount()).likeCount.like_count).toBe(1);
    const asked = await site.call('POST', 'user/profile/delete-account', { body: { password: PASSWORD, honeypot: '' }, token: reader.token });
    expect(asked).toEqual({ status: 200, body: { message: 'We have sent you an e-mail with a link to confirm the deletion of your account. The link works for one hour.' } });
    const mail = await waitForMail(reader.user.email, 15_000, 'Confirm the deletion of your Novel Shelf account');
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(link.pathname).toBe('/user/delete-account');

    const confirmed = await site.call('POST', 'user/delete-account', { body: { token: link.searchParams.get('token') } });
    expect(confirmed).toEqual({ status: 200, body: { success: true, message: 'Your account has been deleted.' } });
    // The link is used up.
    expect((await site.call('POST', 'user/delete-account', { body: { token: link.searchParams.get('token') } })).status).toBe(400);
    await site.drained();

    // Their session ends at once, and they cannot log in again.
    expect((await site.call('GET', 'user/replies/unread-count', { token: reader.token })).status).toBe(401);
    const login = await site.call('POST', 'user/login', { body: { email: reader.user.email, password: PASSWORD, honeypot: '' }, ip: reader.ip });
    expect(login).toEqual({ status: 401, body: expect.objectContaining({ message: 'Invalid email or password.' }) });

    // Their comment reads [deleted account]; the reply to it stays where it was.
    const shown = await comments();
    expect(shown.find((comment) => comment.comment_id === commentId)).toMatchObject({ username: '[deleted account]', comment_content: '[deleted account]', user_id: null, email_hash: null });
    expect(shown.find((comment) => comment.comment_id === replyId)).toMatchObject({ parent_comment_id: commentId, comment_content: 'A reply that stays in its place' });
    // Likes and progress are forgotten.
    expect((await likeCount()).likeCount.like_count).toBe(0);
    // So are the rest of their library: shelves, saved searches; their Reading-shelf feed address stops answering.
    const library = await readModelSnapshot(site.workers, [L.ReadingProgress, L.Shelves, L.SearchPresets]);
    const theirs = (name: string) => library[name].find((doc) => (doc as { _id: string })._id === reader.user.user_id);
    expect(theirs(L.ReadingProgress)).toMatchObject({ books: {} });
    expect(theirs(L.Shelves)).toMatchObject({ books: {} });
    expect(theirs(L.SearchPresets)).toMatchObject({ presets: [] });
    expect((await fetch(feedAddress)).status).toBe(404);

    // The name is held for a while: nobody else takes it at once.
    const taken = await site.call('POST', 'user/register', { body: { email: `newcomer.${Date.now()}@example.test`, password: PASSWORD, username: reader.user.username, honeypot: '' }, ip: '10.99.0.1' });
    expect(taken).toEqual({ status: 400, body: expect.objectContaining({ message: 'This username is already taken. Please choose another one.' }) });
  }, 60_000);

  it('leaves no trace of their e-mail, name or comments in any collection after a full rebuild', async () => {
    await rebuild(site.workers, { api: site.api });
    const db = site.store.db!;
    /** Where each text shows in any document of any collection, as `collection/_id: text`. */
    const traces = async (texts: string[]) => {
      const found: string[] = [];
      for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        for (const doc of await db.collection(name).find({}).toArray()) {
          const json = JSON.stringify(doc).toLowerCase();
          for (const text of texts) if (json.includes(text.toLowerCase())) found.push(`${name}/${String(doc._id)}: ${text}`);
        }
      }
      return found;
    };
    expect(await traces([reader.user.email, reader.user.username, COMMENT, EDITED])).toEqual([]);
    // The scan does see what stays: the other reader's name and reply.
    expect(await traces([other.user.username])).not.toEqual([]);
    expect(await traces(['A reply that stays in its place'])).not.toEqual([]);
    const shown = await comments();
    expect(shown.find((comment) => comment.comment_id === commentId)).toMatchObject({ username: '[deleted account]', comment_content: '[deleted account]' });
    expect(shown.find((comment) => comment.comment_id === replyId)).toMatchObject({ username: other.user.username, comment_content: 'A reply that stays in its place' });
    expect((await likeCount()).likeCount.like_count).toBe(0);
  }, 120_000);

  it('finishes an erasure the store broke off half-way when the link is followed again', async () => {
    const second = await registerReader(site, 'Interrupted');
    await site.call('POST', 'user/profile/delete-account', { body: { password: PASSWORD }, token: second.token });
    const link = new URL(/https?:\/\/\S+/.exec((await waitForMail(second.user.email, 15_000, 'Confirm the deletion of your Novel Shelf account')).text)![0]);
    // The store goes away after the key is erased and user.erased.v1 is stored, before the sessions and hashes go.
    const steps = (site.api.get(AccountErasure) as unknown as { refreshTokens: { endOtherSessions: () => Promise<void> } }).refreshTokens;
    const broken = jest.spyOn(steps, 'endOtherSessions').mockRejectedValueOnce(new MongoNetworkError('connection reset'));
    const token = link.searchParams.get('token');
    expect((await site.call('POST', 'user/delete-account', { body: { token } })).status).toBe(503);
    broken.mockRestore();
    expect(await site.call('POST', 'user/delete-account', { body: { token } })).toEqual({ status: 200, body: { success: true, message: 'Your account has been deleted.' } });
    const login = await site.call('POST', 'user/login', { body: { email: second.user.email, password: PASSWORD, honeypot: '' }, ip: second.ip });
    expect(login.status).toBe(401);
    await site.drained();
    const db = site.store.db!;
    expect(await db.collection('account_credentials').countDocuments({ userId: second.user.user_id })).toBe(0);
    expect(await db.collection<{ _id: string; userId: string }>('account_claims').countDocuments({ userId: second.user.user_id, _id: { $regex: '^(email|username):' } })).toBe(0);
  }, 60_000);

  it('frees the username once its 30 days are over', async () => {
    // Last, since the newcomer takes the erased reader's name. The hold keeps no name and no user id, only the name's
    // keyed hash and its end, which is moved to the past, as 30 days would.
    const holds = site.store.db!.collection<{ _id: string; heldUntil: Date }>('username_holds');
    const hold = testKeyEncryptionKey().holdOf(reader.user.username.toLowerCase());
    expect(await holds.findOne({ _id: hold })).toEqual({ _id: hold, heldUntil: expect.any(Date) });
    await holds.updateOne({ _id: hold }, { $set: { heldUntil: new Date(Date.now() - 1000) } });
    const body = { email: `newcomer.${Date.now()}@example.test`, password: PASSWORD, username: reader.user.username, honeypot: '' };
    expect((await site.call('POST', 'user/register', { body, ip: '10.99.0.2' })).status).toBe(200);
  });
});
