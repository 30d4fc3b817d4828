// Live updates end to end: commands through one API process, projections in the workers, pushes through the socket.io
// Redis emitter to sockets held by a second API process — the reply badge and a thread's comment events.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type CommentsResponse, type CommentView, LivePush } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { listeningApi } from '@test/listening-api';
import { connect, joinThread, type LiveSocket, next } from '../live-sockets';
import { type Reader, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe('live reply badges and comment threads across two API processes', () => {
  let site: TestSite;
  let second: NestExpressApplication;
  let secondBase: string;
  let alice: Reader;
  let bob: Reader;
  let carol: Reader;
  let thread: { book_id: number; chapter_id: number };
  const sockets: LiveSocket[] = [];

  const post = <T = Record<string, unknown>>(path: string, body: unknown, reader: Reader) => site.call<T>('POST', path, { body, token: reader.token });
  const open = async (token?: string) => {
    const socket = await connect(secondBase, token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    site = await startSite(env);
    ({ api: second, base: secondBase } = await listeningApi(env));
    const [book] = await seedCatalog(site, 1);
    thread = { book_id: book.bookId, chapter_id: book.chapterIds[0] };
    [alice, bob, carol] = [await registerReader(site, 'Alice'), await registerReader(site, 'Bob'), await registerReader(site, 'Carol')];
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await second.close();
    await site.close();
  });

  it("raises the parent author's badge live when someone replies, and lowers it when they read", async () => {
    const aliceSocket = await open(alice.token);
    const bobThread = await open(bob.token);
    expect(await joinThread(bobThread, thread)).toEqual({ ok: true });

    const created = next(bobThread, LivePush.CommentCreated);
    const posted = await post<{ comment_id: string }>('comment/post-comments', { ...thread, parent_comment_id: null, comment_content: 'A first comment on this chapter, live.' }, alice);
    const pushed = await created;
    expect(pushed.thread).toEqual(thread);
    expect(pushed.comment).toMatchObject<Partial<CommentView>>({ comment_id: posted.body.comment_id, username: alice.user.username, comment_content: 'A first comment on this chapter, live.' });

    const badge = next(aliceSocket, LivePush.BadgesChanged);
    await post('comment/post-comments', { ...thread, parent_comment_id: posted.body.comment_id, comment_content: 'And here is a reply to that first comment.' }, bob);
    expect(await badge).toEqual({ unreadReplies: 1, uncheckedUpdates: 0 });

    const cleared = next(aliceSocket, LivePush.BadgesChanged);
    expect((await site.call('PUT', 'user/replies/mark-read', { token: alice.token })).status).toBe(200);
    expect(await cleared).toEqual({ unreadReplies: 0, uncheckedUpdates: 0 });

    const liked = next(bobThread, LivePush.CommentLikeCount);
    await post('comment/like-comments', { comment_id: posted.body.comment_id }, bob);
    expect(await liked).toEqual({ thread, comment_id: posted.body.comment_id, like_count: 1 });

    const edited = next(bobThread, LivePush.CommentEdited);
    await post('comment/edit-comments', { comment_id: posted.body.comment_id, new_comment_content: 'A first comment on this chapter, edited live.' }, alice);
    expect((await edited).comment.comment_content).toBe('A first comment on this chapter, edited live.');

    const deleted = next(bobThread, LivePush.CommentDeleted);
    await post('comment/delete-comments', { comment_id: posted.body.comment_id }, alice);
    expect((await deleted).comment).toMatchObject({ comment_id: posted.body.comment_id, username: '[deleted]', comment_content: '[deleted]' });
  });

  it('keeps visitors out of user rooms: a visitor socket sees thread pushes only', async () => {
    const visitor = await open();
    expect(await joinThread(visitor, thread)).toEqual({ ok: true });
    let badges = 0;
    visitor.on(LivePush.BadgesChanged, () => (badges += 1));
    const created = next(visitor, LivePush.CommentCreated);
    // (Bob is still in his 30-second cooldown.)
    await post('comment/post-comments', { ...thread, parent_comment_id: null, comment_content: 'Visitors can watch this thread live too.' }, carol);
    expect((await created).comment.username).toBe(carol.user.username);
    expect(badges).toBe(0);
  });

  it('pushes a change only once the store holds it: a reader who refetches on the push reads it', async () => {
    const dan = await registerReader(site, 'Dan');
    const watcher = await open();
    expect(await joinThread(watcher, thread)).toEqual({ ok: true });
    const comments = () => site.call<CommentsResponse>('GET', `comment/show-comments?book_id=${thread.book_id}&chapter_id=${thread.chapter_id}&criteria=oldest`);
    // The refetch starts in the push's own handler, as the web client's invalidation does.
    const refetchOn = <E extends typeof LivePush.CommentCreated | typeof LivePush.CommentLikeCount>(event: E) =>
      new Promise<CommentsResponse>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event}`)), 10_000);
        watcher.once(event, (() => (clearTimeout(timer), void comments().then(({ body }) => resolve(body), reject))) as never);
      });
    const created = refetchOn(LivePush.CommentCreated);
    const posted = await post<{ comment_id: string }>('comment/post-comments', { ...thread, parent_comment_id: null, comment_content: 'Read the moment it is announced.' }, dan);
    expect((await created).comments.map((comment) => comment.comment_id)).toContain(posted.body.comment_id);
    const liked = refetchOn(LivePush.CommentLikeCount);
    await post('comment/like-comments', { comment_id: posted.body.comment_id }, carol);
    expect((await liked).comments.find((comment) => comment.comment_id === posted.body.comment_id)?.like_count).toBe(1);
  });
});
