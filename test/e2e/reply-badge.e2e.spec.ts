// The reply badge and Reply Notifications agree: a badge raised live has its reply in the list already, and a reply
// deleted before it was read leaves the count — on the real store, Redis and SMTP catcher, through the API and workers.
import { LivePush, type RepliesResponse, type UnreadCountResponse } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { connect, type LiveSocket, next } from '../live-sockets';
import { type Reader, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe('the reply badge and the Reply Notifications list', () => {
  let site: TestSite;
  let cara: Reader;
  let dev: Reader;
  let eve: Reader;
  let thread: { book_id: number; chapter_id: number };
  let socket: LiveSocket | undefined;

  const post = <T = Record<string, unknown>>(path: string, body: unknown, reader: Reader) => site.call<T>('POST', path, { body, token: reader.token });
  const unreadCount = async (reader: Reader) => (await site.call<UnreadCountResponse>('GET', 'user/replies/unread-count', { token: reader.token })).body.unreadCount;
  const listed = async (reader: Reader) => (await site.call<RepliesResponse>('GET', 'user/replies?pageNum=1', { token: reader.token })).body.replies;
  const unreadCards = async (reader: Reader) => (await listed(reader)).filter((reply) => !reply.notification_is_read).map((reply) => reply.comment_id);

  beforeAll(async () => {
    site = await startSite(env);
    const [book] = await seedCatalog(site, 1);
    thread = { book_id: book.bookId, chapter_id: book.chapterIds[0] };
    [cara, dev, eve] = [await registerReader(site, 'Cara'), await registerReader(site, 'Dev'), await registerReader(site, 'Eve')];
  }, 60_000);

  afterAll(async () => {
    socket?.close();
    await site.close();
  });

  it('raises the badge only once the reply is in the list, and counts a reply deleted before it was read no more', async () => {
    const top = await post<{ comment_id: string }>('comment/post-comments', { ...thread, parent_comment_id: null, comment_content: 'Cara wonders what happens next here.' }, cara);
    await site.drained();
    socket = await connect(site.base, cara.token);

    const raised = next(socket, LivePush.BadgesChanged);
    const first = await post<{ comment_id: string }>('comment/post-comments', { ...thread, parent_comment_id: top.body.comment_id, comment_content: 'Dev thinks the hero comes back soon.' }, dev);
    expect(await raised).toEqual({ unreadReplies: 1, uncheckedUpdates: 0 });
    // Asked the moment the badge rose, the list has the reply the badge counts.
    expect(await unreadCards(cara)).toEqual([first.body.comment_id]);

    // The badge's push for the second reply may reach the socket after the workers are drained: awaited here, so that
    // the next push is the delete's.
    const raisedAgain = next(socket, LivePush.BadgesChanged);
    const second = await post<{ comment_id: string }>('comment/post-comments', { ...thread, parent_comment_id: top.body.comment_id, comment_content: 'Eve is sure the villain wins in the end.' }, eve);
    expect(await raisedAgain).toEqual({ unreadReplies: 2, uncheckedUpdates: 0 });
    await site.drained();
    expect(await unreadCount(cara)).toBe(2);

    // Dev deletes his reply before Cara read it: the badge drops to what is left to read, live too.
    const lowered = next(socket, LivePush.BadgesChanged);
    expect((await post('comment/delete-comments', { comment_id: first.body.comment_id }, dev)).status).toBe(200);
    expect(await lowered).toEqual({ unreadReplies: 1, uncheckedUpdates: 0 });
    expect(await unreadCount(cara)).toBe(1);
    const cards = await listed(cara);
    expect(cards.map((reply) => [reply.comment_id, reply.comment_content, reply.notification_is_read])).toEqual([
      [second.body.comment_id, 'Eve is sure the villain wins in the end.', false],
      [first.body.comment_id, '[deleted]', true],
    ]);

    // Reading marks what is left; the deleted reply takes nothing off twice.
    expect((await site.call('PUT', 'user/replies/mark-read', { token: cara.token })).body).toEqual({ message: 'Marked 1 reply as read.' });
    await site.drained();
    expect(await unreadCount(cara)).toBe(0);
    expect(await unreadCards(cara)).toEqual([]);
  }, 60_000);
});
