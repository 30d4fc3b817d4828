// A reader who changes their username is shown by the new name on the comments they wrote before: in the thread, in
// the reply notifications of those they answered, in the live pushes, and after a rebuild of the read models — on
// the real store, Redis and SMTP catcher.
import { type CommentsResponse, type CommentsWithLikesResponse, LivePush, type RepliesResponse } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { connect, joinThread, type LiveSocket, next } from '../live-sockets';
import { type Reader, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe("a renamed reader's old comments", () => {
  let site: TestSite;
  let dana: Reader;
  let erin: Reader;
  let thread: { book_id: number; chapter_id: number };
  let socket: LiveSocket | undefined;
  const renamed = `Dana Renamed ${Date.now() % 100_000}`;

  const post = <T = Record<string, unknown>>(path: string, body: unknown, reader: Reader) => site.call<T>('POST', path, { body, token: reader.token });
  const comments = async () =>
    (await site.call<CommentsResponse>('GET', `comment/show-comments?book_id=${thread.book_id}&chapter_id=${thread.chapter_id}&criteria=oldest`)).body.comments;
  const namesShown = async () => (await comments()).map((comment) => [comment.comment_content.slice(0, 12), comment.username]);

  beforeAll(async () => {
    site = await startSite(env);
    const [book] = await seedCatalog(site, 1);
    thread = { book_id: book.bookId, chapter_id: book.chapterIds[0] };
    [dana, erin] = [await registerReader(site, 'Dana'), await registerReader(site, 'Erin')];
  }, 60_000);

  afterAll(async () => {
    socket?.close();
    await site.close();
  });

  it('shows the new name in the thread, in reply notifications and in live pushes, also after a rebuild', async () => {
    const erinsComment = await post<{ comment_id: string }>('comment/post-comments', { ...thread, parent_comment_id: null, comment_content: "Erin's first comment on this chapter." }, erin);
    const danasReply = await post<{ comment_id: string }>(
      'comment/post-comments',
      { ...thread, parent_comment_id: erinsComment.body.comment_id, comment_content: "Dana's old reply, written before the rename." },
      dana,
    );
    expect(danasReply.status).toBe(200);
    await site.drained();
    expect(await namesShown()).toEqual([
      ["Erin's first", erin.user.username],
      ["Dana's old r", dana.user.username],
    ]);

    expect(await post('user/profile/change-username', { newUsername: renamed, honeypot: '' }, dana)).toMatchObject({ status: 200 });
    await site.drained();

    // The thread, for visitors and for readers.
    expect(await namesShown()).toEqual([
      ["Erin's first", erin.user.username],
      ["Dana's old r", renamed],
    ]);
    const withLikes = await site.call<CommentsWithLikesResponse>('GET', `comment/show-comments-with-like-comments?${new URLSearchParams({ ...thread, criteria: 'oldest' } as never)}`, {
      token: erin.token,
    });
    expect(withLikes.body.comments.map((comment) => comment.username)).toEqual([erin.user.username, renamed]);
    // Erin's reply notification names the replier as they are called now.
    const replies = await site.call<RepliesResponse>('GET', 'user/replies?pageNum=1', { token: erin.token });
    expect(replies.body.replies.map((reply) => [reply.comment_id, reply.username])).toEqual([[danasReply.body.comment_id, renamed]]);

    // A push about the old comment (an edit) carries the new name, so an open page does not fall back to the old one.
    socket = await connect(site.base, erin.token);
    expect(await joinThread(socket, thread)).toEqual({ ok: true });
    const edited = next(socket, LivePush.CommentEdited);
    await post('comment/edit-comments', { comment_id: danasReply.body.comment_id, new_comment_content: "Dana's old reply, edited after the rename." }, dana);
    expect((await edited).comment).toMatchObject({ comment_id: danasReply.body.comment_id, username: renamed, edited_time: expect.any(String) });
    await site.drained();

    // Rebuilt from the log, the read models name the same.
    await rebuild(site.workers, { api: site.api });
    expect(await namesShown()).toEqual([
      ["Erin's first", erin.user.username],
      ["Dana's old r", renamed],
    ]);
  }, 60_000);
});
