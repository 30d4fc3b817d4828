// Muting and blocking end to end: commands appending library.reader-* events, the mutes projector, the comment lists
// folding for the reader who muted, the reply a blocked reader is refused, and the live pushes folded on the server.
// Real store, Redis and SMTP; sockets are real socket.io clients.
import { type CommentsWithLikesResponse, type CommentView, LibraryReadModelCollection, LivePush, type MutesResponse } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { randomUUID } from 'node:crypto';
import { connect, joinThread, type LiveSocket, next } from '../live-sockets';
import { appendComment, type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe('muting and blocking readers', () => {
  let site: TestSite;
  let thread: { book_id: number; chapter_id: number };
  let reader: Reader;
  let muted: Reader;
  let blocked: Reader;
  let other: Reader;
  const sockets: LiveSocket[] = [];

  const mute = (reader: Reader | null, body: unknown) => site.call<MutesResponse & { message?: string }>('PUT', 'user/mutes', { body, token: reader?.token });
  const unmute = (reader: Reader, userId: string, relation: string) =>
    site.call<MutesResponse & { message?: string }>('DELETE', `user/mutes?user_id=${encodeURIComponent(userId)}&relation=${relation}`, { token: reader.token });
  const lists = async (reader: Reader) => (await site.call<MutesResponse>('GET', 'user/mutes', { token: reader.token })).body;
  const threadAs = async (reader: Reader | null) => {
    const query = `book_id=${thread.book_id}&chapter_id=${thread.chapter_id}&criteria=oldest`;
    const answer = await site.call<CommentsWithLikesResponse>('GET', `comment/${reader ? 'show-comments-with-like-comments' : 'show-comments'}?${query}`, { token: reader?.token });
    return new Map(answer.body.comments.map((comment) => [comment.user_id, comment.author_relation]));
  };
  const post = (reader: Reader, body: object) => site.call<{ success: number; message: string; comment_id?: string }>('POST', 'comment/post-comments', { body: { ...thread, comment_content: 'A reply of more than five words here.', honeypot: '', ...body }, token: reader.token });
  const open = async (token?: string) => {
    const socket = await connect(site.base, token);
    sockets.push(socket);
    expect(await joinThread(socket, thread)).toEqual({ ok: true });
    return socket;
  };
  const say = (author: Reader, content: string) => appendComment(site, { userId: author.user.user_id, bookId: thread.book_id, chapterId: thread.chapter_id, content });

  beforeAll(async () => {
    site = await startSite(env);
    const [book] = await seedCatalog(site, 1);
    thread = { book_id: book.bookId, chapter_id: book.chapterIds[0] };
    [reader, muted, blocked, other] = [await registerReader(site, 'Reader'), await registerReader(site, 'Muted'), await registerReader(site, 'Blocked'), await registerReader(site, 'Other')];
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await site.close();
  });

  it('answers bad requests with a 4xx and a message', async () => {
    for (const [body, status, message] of [
      [{ user_id: 'nobody', relation: 'muted' }, 400, 'user_id must be the id of a reader.'],
      [{ user_id: muted.user.user_id, relation: 'ignored' }, 400, 'relation must be muted or blocked.'],
      [{ relation: 'muted' }, 400, 'user_id must be the id of a reader.'],
      [{ user_id: reader.user.user_id, relation: 'muted' }, 400, 'You cannot mute yourself.'],
      [{ user_id: reader.user.user_id, relation: 'blocked' }, 400, 'You cannot block yourself.'],
      [{ user_id: randomUUID(), relation: 'blocked' }, 404, 'There is no reader with that id.'],
    ] as const) {
      expect(await mute(reader, body)).toMatchObject({ status, body: { message } });
    }
    expect((await mute(null, { user_id: muted.user.user_id, relation: 'muted' })).status).toBe(401);
    expect((await site.call('GET', 'user/mutes')).status).toBe(401);
    expect((await unmute(reader, 'x', 'muted')).body).toMatchObject({ message: 'user_id must be the id of a reader.' });
  });

  it('mutes and blocks, idempotently, lists both for the reader alone, and folds their comments in the reader’s lists only', async () => {
    await say(muted, 'A comment by the reader who will be muted.');
    await say(blocked, 'A comment by the reader who will be blocked.');
    await say(other, 'A comment by a reader nobody mutes at all.');
    const first = await mute(reader, { user_id: muted.user.user_id, relation: 'muted' });
    expect(first.status).toBe(200);
    expect(first.body.muted).toEqual([{ user_id: muted.user.user_id, username: muted.user.username, since: expect.any(String) }]);
    expect((await mute(reader, { user_id: muted.user.user_id, relation: 'muted' })).body.muted).toHaveLength(1);
    expect((await mute(reader, { user_id: blocked.user.user_id, relation: 'blocked' })).body.blocked).toHaveLength(1);
    await site.drained();

    expect(await lists(reader)).toEqual({
      muted: [{ user_id: muted.user.user_id, username: muted.user.username, since: expect.any(String) }],
      blocked: [{ user_id: blocked.user.user_id, username: blocked.user.username, since: expect.any(String) }],
    });
    expect(await lists(other)).toEqual({ muted: [], blocked: [] });
    const seen = await threadAs(reader);
    expect([seen.get(muted.user.user_id), seen.get(blocked.user.user_id), seen.get(other.user.user_id)]).toEqual(['muted', 'blocked', undefined]);
    expect([...(await threadAs(other)).values()]).toEqual([undefined, undefined, undefined]);
    expect([...(await threadAs(null)).values()]).toEqual([undefined, undefined, undefined]);
  });

  it('refuses a blocked reader’s reply to the blocker’s comments, lets a muted one reply, and lets them reply once unblocked', async () => {
    const mine = await post(reader, { parent_comment_id: null, comment_content: 'The reader’s own comment, to be replied to.' });
    expect(mine.status).toBe(200);
    const refused = await post(blocked, { parent_comment_id: mine.body.comment_id });
    expect(refused).toMatchObject({ status: 403, body: { success: 0, message: 'You cannot reply to this comment: its author has blocked you.' } });
    expect((await post(muted, { parent_comment_id: mine.body.comment_id })).status).toBe(200);
    await site.drained();
    const replies = await site.call<{ replies: { username: string }[] }>('GET', 'user/replies', { token: reader.token });
    expect(replies.body.replies.map((reply) => reply.username)).toEqual([muted.user.username]);

    expect((await unmute(reader, blocked.user.user_id, 'blocked')).body.blocked).toEqual([]);
    // Idempotent: undoing what is not there changes nothing.
    expect((await unmute(reader, blocked.user.user_id, 'blocked')).status).toBe(200);
    await site.drained();
    expect((await post(blocked, { parent_comment_id: mine.body.comment_id })).status).toBe(200);
    expect((await threadAs(reader)).get(blocked.user.user_id)).toBeUndefined();
    await site.drained();
    const names = async () => (await site.call<{ replies: { username: string }[] }>('GET', 'user/replies', { token: reader.token })).body.replies.map((reply) => reply.username);
    expect((await names()).sort()).toEqual([blocked.user.username, muted.user.username].sort());

    // Blocked again: the reply they wrote meanwhile is no longer shown among the reader's replies.
    expect((await mute(reader, { user_id: blocked.user.user_id, relation: 'blocked' })).status).toBe(200);
    await site.drained();
    expect(await names()).toEqual([muted.user.username]);
  });

  it('folds the live pushes of a muted or blocked author for that reader alone, from the handshake and as the lists change', async () => {
    const readerSocket = await open(reader.token);
    const otherSocket = await open(other.token);
    const visitorSocket = await open();

    const toReader = next(readerSocket, LivePush.CommentCreated);
    const toOther = next(otherSocket, LivePush.CommentCreated);
    const toVisitor = next(visitorSocket, LivePush.CommentCreated);
    const id = await say(muted, 'A live comment by the muted reader.');
    const folded = await toReader;
    expect(folded.comment).toMatchObject<Partial<CommentView>>({ comment_id: id, author_relation: 'muted', comment_content: 'A live comment by the muted reader.' });
    expect((await toOther).comment.author_relation).toBeUndefined();
    expect((await toVisitor).comment.author_relation).toBeUndefined();

    const blockedPush = next(readerSocket, LivePush.CommentCreated);
    await say(blocked, 'A live comment by the blocked reader.');
    expect((await blockedPush).comment.author_relation).toBe('blocked');

    // Unmuted while connected: the workers take the socket out of the muters' room.
    await unmute(reader, muted.user.user_id, 'muted');
    await site.drained();
    const plain = next(readerSocket, LivePush.CommentCreated);
    await say(muted, 'A live comment once the reader unmuted them.');
    expect((await plain).comment.author_relation).toBeUndefined();

    // Muted while connected: the workers put the socket in the room, and only one push reaches it.
    await mute(reader, { user_id: muted.user.user_id, relation: 'muted' });
    await site.drained();
    const pushes: CommentView[] = [];
    readerSocket.on(LivePush.CommentCreated, (push) => pushes.push(push.comment));
    const again = next(readerSocket, LivePush.CommentCreated);
    await say(muted, 'A live comment once the reader muted them again.');
    expect((await again).comment.author_relation).toBe('muted');
    const marker = next(otherSocket, LivePush.CommentCreated);
    await say(other, 'A comment after it, to see that no second copy came.');
    await marker;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pushes.map((comment) => comment.author_relation)).toEqual(['muted', undefined]);
  });

  it('rebuilds the same lists from the log', async () => {
    await site.drained();
    const before = await readModelSnapshot(site.workers, [LibraryReadModelCollection.ReaderMutes]);
    await rebuild(site.workers, { api: site.api, names: ['mutes'] });
    expect(await readModelSnapshot(site.workers, [LibraryReadModelCollection.ReaderMutes])).toEqual(before);
    expect(before[LibraryReadModelCollection.ReaderMutes]).toHaveLength(1);
  });
});
