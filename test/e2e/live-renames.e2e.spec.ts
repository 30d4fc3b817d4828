// A renamed reader's new name reaches the open threads live: the users projector queues the push, the partition runner
// sends it once the batch is stored (through the socket.io Redis emitter, here to sockets of a second API process), to
// every socket following a thread; a socket that follows none hears nothing, and a rebuild sends no push at all.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AccountReadModelCollection, LivePush, LiveRequest, type UserReadModel, type UserRenamedPush } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { listeningApi } from '@test/listening-api';
import { ReadModels } from '../../workers/src/engine';
import { connect, joinThread, LIVE_TIMEOUT_MS, type LiveSocket, next } from '../live-sockets';
import { type Reader, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe('a new username pushed live to open threads', () => {
  let site: TestSite;
  let second: NestExpressApplication;
  let secondBase: string;
  let dana: Reader;
  let threads: { book_id: number; chapter_id: number | null }[];
  const sockets: LiveSocket[] = [];

  const open = async (token?: string) => {
    const socket = await connect(secondBase, token);
    sockets.push(socket);
    return socket;
  };
  const renamesOf = (socket: LiveSocket) => {
    const heard: UserRenamedPush[] = [];
    socket.on(LivePush.UserRenamed, (push) => heard.push(push));
    return heard;
  };
  const rename = async (reader: Reader, newUsername: string) =>
    expect((await site.call('POST', 'user/profile/change-username', { body: { newUsername, honeypot: '' }, token: reader.token })).status).toBe(200);

  beforeAll(async () => {
    site = await startSite(env);
    ({ api: second, base: secondBase } = await listeningApi(env));
    const [book] = await seedCatalog(site, 1);
    threads = [
      { book_id: book.bookId, chapter_id: book.chapterIds[0] },
      { book_id: book.bookId, chapter_id: null },
    ];
    dana = await registerReader(site, 'Dana');
    const posted = await site.call('POST', 'comment/post-comments', { body: { ...threads[0], parent_comment_id: null, comment_content: 'Dana was here before the rename.' }, token: dana.token });
    expect(posted.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await second.close();
    await site.close();
  });

  it("sends the new name to every socket following a thread, a visitor's too, and to none that follows no thread", async () => {
    const reader = await open(dana.token);
    const visitor = await open();
    const elsewhere = await open();
    const left = await open();
    expect(await joinThread(reader, threads[0])).toEqual({ ok: true });
    expect(await joinThread(visitor, threads[1])).toEqual({ ok: true });
    expect(await joinThread(left, threads[0])).toEqual({ ok: true });
    expect(await left.timeout(LIVE_TIMEOUT_MS).emitWithAck(LiveRequest.ThreadLeave, threads[0])).toEqual({ ok: true });
    const [heardElsewhere, heardLeft] = [renamesOf(elsewhere), renamesOf(left)];

    const renamed = `DanaYue${Date.now().toString(36).slice(-4)}`;
    const [toReader, toVisitor] = [next(reader, LivePush.UserRenamed), next(visitor, LivePush.UserRenamed)];
    await rename(dana, renamed);
    const expected: UserRenamedPush = { user_id: dana.user.user_id, username: renamed };
    expect(await toReader).toEqual(expected);
    expect(await toVisitor).toEqual(expected);
    // Sent by the same emit as the two above: by now it would have reached these too.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardElsewhere).toEqual([]);
    expect(heardLeft).toEqual([]);

    // Sent once the users read model holds it: a reader who asks on the push reads the new name.
    const stored = await site.workers.get(ReadModels).collection<UserReadModel>(AccountReadModelCollection.Users).findOne({ _id: dana.user.user_id });
    expect(stored?.username).toBe(renamed);
  });

  it('sends nothing while the users read model is rebuilt from the log', async () => {
    const watcher = await open();
    expect(await joinThread(watcher, threads[0])).toEqual({ ok: true });
    const heard = renamesOf(watcher);
    await site.drained();
    const result = await rebuild(site.workers, { api: site.api, names: ['users'] });
    expect(result.replaced.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(heard).toEqual([]);
  });
});
