// Crashes seen from outside, through the public API: workers killed while readers comment and reply, the store killed
// and restarted, the API killed in the middle of a burst of writes. Every acknowledged write must show, exactly once,
// with nothing parked. The store is a FerretDB of this file's own, so it can be killed.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { type CommentsResponse, type LikeStatusResponse, type RepliesResponse, SocialReadModelCollection, socialStreams } from '@shelf/contracts';
import { testEnv, type TestEnv } from '@test/support';
import { EventStore } from '../../backend/src/event-store/event-store';
import { LikeStoryCommand } from '../../backend/src/modules/likes/application/like-story.command';
import { PartitionRunner } from '../../workers/src/engine';
import { WorkersModule } from '../../workers/src/workers.module';
import { freePort, OwnService, SiteProcess } from '../own-services';
import { appendComment, projectionsDone, type Reader, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('crashes under readers, through the public API', () => {
  let store: OwnService;
  let env: TestEnv;
  let site: TestSite;
  let book: { bookId: number; chapterIds: number[] };
  let books: { bookId: number; chapterIds: number[] }[];
  let readers: Reader[];
  let workers: SiteProcess;
  /** A workers context that consumes nothing: to read the lag and the parked events with. */
  let tools: INestApplicationContext;

  const drained = (timeoutMs = 60_000) => projectionsDone(site.store, tools, timeoutMs);
  const thread = async () =>
    (await site.call<CommentsResponse>('GET', `comment/show-comments?book_id=${book.bookId}&chapter_id=&criteria=oldest`)).body.comments;

  beforeAll(async () => {
    store = await OwnService.start('ferretdb');
    env = testEnv(__filename, { MONGO_URL: store.url('worker_crashes') });
    site = await startSite(env);
    books = await seedCatalog(site, 12);
    [book] = books;
    readers = [];
    for (let i = 0; i < 6; i++) readers.push(await registerReader(site, `Crash ${i}`));
    await site.drained();
    // From here the workers are a process of their own, to kill.
    await site.workers.close();
    tools = await NestFactory.createApplicationContext(WorkersModule.register(env, { consume: false }), { logger: ['error'] });
    workers = new SiteProcess('workers', env);
  }, 180_000);

  afterAll(async () => {
    await workers?.kill();
    await tools?.close();
    await site?.close();
    await store?.stop();
  }, 60_000);

  it('counts and lists 200 replies to one comment exactly while a worker is killed', async () => {
    await workers.start();
    const [author] = readers;
    const top = await site.call<{ comment_id: string }>('POST', 'comment/post-comments', {
      body: { book_id: book.bookId, chapter_id: null, parent_comment_id: null, comment_content: 'Which chapter made you cry?', honeypot: '' },
      token: author.token,
    });
    expect(top.status).toBe(200);
    const reply = (i: number) =>
      appendComment(site, { userId: `replier-${i}`, parent: { id: top.body.comment_id, author: author.user.user_id }, bookId: book.bookId, content: `Reply number ${i}.` });
    for (let i = 0; i < 200; i += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, j) => reply(i + j)));
      // Killed twice in the middle of the burst, and started again at once: its leases must expire first.
      if (i === 60 || i === 140) {
        await workers.kill();
        await workers.start();
      }
    }
    await drained(90_000);
    expect((await site.call('GET', 'user/replies/unread-count', { token: author.token })).body).toEqual({ unreadCount: 200 });
    const listed: string[] = [];
    for (let page = 1; ; page++) {
      const { body } = await site.call<RepliesResponse>('GET', `user/replies?pageNum=${page}`, { token: author.token });
      listed.push(...body.replies.map((item) => item.comment_content));
      if (page >= body.totalPages) break;
    }
    expect(listed.sort()).toEqual(Array.from({ length: 200 }, (_, i) => `Reply number ${i}.`).sort());
    expect(await tools.get(PartitionRunner).parked.list()).toEqual([]);
  }, 240_000);

  it('counts a reply once when its worker dies right after writing the inbox and 300 replies from other partitions come meanwhile', async () => {
    await workers.kill();
    const author = readers[1];
    const threads = books.flatMap(({ bookId, chapterIds }) => [null, ...chapterIds].map((chapterId) => ({ bookId, chapterId })));
    const parents: { id: string; bookId: number; chapterId: number | null }[] = [];
    for (const { bookId, chapterId } of threads) {
      parents.push({ id: await appendComment(site, { userId: author.user.user_id, bookId, chapterId, content: 'A comment to reply to.' }), bookId, chapterId });
    }
    for (let i = 0; i < 300; i++) {
      const parent = parents[i % parents.length];
      await appendComment(site, { userId: `burst-${i}`, parent: { id: parent.id, author: author.user.user_id }, bookId: parent.bookId, chapterId: parent.chapterId, content: `Burst reply ${i}.` });
    }
    // One worker dies right after its first write to an inbox part, holding its partition's lease for 15 s, while
    // another applies the replies of every other partition to their parts of the same inbox; then the second takes the
    // first's partition over and writes its committed batch.
    const doomed = new SiteProcess('workers', env);
    await doomed.start({ STORE_CRASH_AFTER_WRITE_TO: SocialReadModelCollection.ReplyInboxes });
    await workers.start();
    await doomed.exited();
    // About 40 s on this 2-core machine, most of it the dead worker's lease: this test is about counting once, so it
    // waits longer.
    await drained(200_000);
    expect((await site.call('GET', 'user/replies/unread-count', { token: author.token })).body).toEqual({ unreadCount: 300 });
    expect(await tools.get(PartitionRunner).parked.list()).toEqual([]);
  }, 320_000);

  it('shows every acknowledged comment, likeable, after workers are killed and the store restarted', async () => {
    const acknowledged: string[] = [];
    const post = async (reader: Reader, n: number) => {
      const content = `Comment ${n} by ${reader.user.username}, through the storm.`;
      const response = await site.call<{ comment_id?: string }>('POST', 'comment/post-comments', {
        body: { book_id: book.bookId, chapter_id: null, parent_comment_id: null, comment_content: content, honeypot: '' },
        token: reader.token,
      });
      if (response.status === 200) acknowledged.push(content);
      else expect([429, 503]).toContain(response.status);
    };
    // Readers 1–5 post (the 30 s cooldown allows one each), the workers are killed, the store killed and restarted.
    await Promise.all(readers.slice(1, 3).map((reader, i) => post(reader, i)));
    await workers.kill();
    await Promise.all([store.restart(), post(readers[3], 3)]);
    await Promise.all([post(readers[4], 4), post(readers[5], 5)]);
    await workers.start();
    await drained(90_000);
    expect(acknowledged.length).toBeGreaterThan(0);
    const shown = await thread();
    expect(shown.map((comment) => comment.comment_content)).toEqual(expect.arrayContaining(acknowledged));
    // Every one of them can be liked, and its count shows it.
    const liker = readers[0];
    for (const comment of shown.filter((view) => acknowledged.includes(view.comment_content))) {
      expect((await site.call('POST', 'comment/like-comments', { body: { comment_id: comment.comment_id }, token: liker.token })).status).toBe(200);
    }
    await drained();
    for (const comment of (await thread()).filter((view) => acknowledged.includes(view.comment_content))) expect(comment.like_count).toBe(1);
    expect(await tools.get(PartitionRunner).parked.list()).toEqual([]);
  }, 240_000);

  it('projects a new like within 10 s after the API is killed in a burst of writes', async () => {
    const port = await freePort();
    const api = await new SiteProcess('backend', { ...env, PORT: String(port) }).start();
    const like = (reader: Reader, liked: boolean) =>
      fetch(`http://127.0.0.1:${port}/api/like/${liked ? 'like-book' : 'remove-like-book'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.token}` },
        body: JSON.stringify({ book_id: book.bookId }),
      }).then((response) => response.status, () => 0);
    // A burst of likes and unlikes; the API is killed (-9) in the middle of it.
    const burst = Array.from({ length: 40 }, (_, i) => like(readers[i % readers.length], i % 3 !== 0));
    await pause(30);
    await api.kill();
    const statuses = await Promise.all(burst);
    expect(statuses.filter((status) => status === 200).length).toBeLessThan(40);
    await api.start();
    // A new like, after the restart: shown within 10 s (the in-process API reads the same store).
    const expected = (await likers()) + 1;
    const started = Date.now();
    await site.api.get(CommandBus).execute(new LikeStoryCommand('after-the-crash', book.bookId, true));
    for (;;) {
      const shown = await site.call<LikeStatusResponse>('GET', `like/show-visitor-like-count?book_id=${book.bookId}`);
      if (shown.body.likeCount.like_count === expected) break;
      expect(Date.now() - started).toBeLessThan(10_000);
      await pause(100);
    }
    await drained();
    expect(await tools.get(PartitionRunner).parked.list()).toEqual([]);
    await api.stop();
  }, 120_000);

  /** How many readers' like streams end liked, as the log has it. */
  async function likers(): Promise<number> {
    const events = site.api.get(EventStore);
    const users = [...readers.map((reader) => reader.user.user_id), 'after-the-crash'];
    let liked = 0;
    for (const user of users) if ((await events.readStream(socialStreams.storyLike(book.bookId, user))).at(-1)?.type === 'story.liked.v1') liked += 1;
    return liked;
  }
});
