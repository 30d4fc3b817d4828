// The worker tier under the faults it meets in life, on the real FerretDB and a Redis of this file's own (so it can be
// emptied and killed): Redis restarted empty with work queued, a worker process killed mid-batch, two worker
// processes at once, an event no retry can apply. Read models must converge from the log by themselves, with nothing
// lost and nothing applied twice; e-mail goes out once per event.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import {
  checkpointsOf,
  type CommentsResponse,
  type LikeStatusResponse,
  type PartitionCheckpointsDocument,
  partitionId,
  ProjectionCollection,
  QueueName,
  SocialReadModelCollection,
  type StoryLikerPageReadModel,
  type ReaderLikesReadModel,
  bookKey,
  loadReaderLikes,
  socialStreams,
} from '@shelf/contracts';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { caughtMail, testEnv, type TestEnv, waitForMail } from '@test/support';
import { Queue } from 'bullmq';
import { EventStore } from '../../backend/src/event-store/event-store';
import { LikeStoryCommand } from '../../backend/src/modules/likes/application/like-story.command';
import { PartitionRunner, ReadModels } from '../../workers/src/engine';
import { WorkersModule } from '../../workers/src/workers.module';
import { OwnService, SiteProcess } from '../own-services';
import { projectionsDone, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const GOOD = 'This chapter made me cry three times over.';

describe('the worker tier under faults', () => {
  let redis: OwnService;
  let env: TestEnv;
  let site: TestSite;
  let book: { bookId: number; chapterIds: number[] };
  let other: { bookId: number; chapterIds: number[] };
  /** Worker contexts started by the tests (the site's own is closed by the first test). */
  const workers: INestApplicationContext[] = [];

  const startWorkers = async () => {
    const context = await NestFactory.createApplicationContext(WorkersModule.register(env), { logger: ['error'] });
    workers.push(context);
    return context;
  };
  const drained = (context: INestApplicationContext, timeoutMs = 30_000) => projectionsDone(site.store, context, timeoutMs);
  const likeCount = async (bookId: number) =>
    (await site.call<LikeStatusResponse>('GET', `like/show-visitor-like-count?book_id=${bookId}`)).body.likeCount.like_count;
  const commands = () => site.api.get(CommandBus);
  const snapshot = (context: INestApplicationContext) => readModelSnapshot(context, [...Object.values(SocialReadModelCollection), 'rm_books', 'rm_chapters']);
  /** The live read models equal a rebuild of them from the whole log. */
  const expectLiveEqualsRebuild = async (context: INestApplicationContext) => {
    const live = await snapshot(context);
    await rebuild(context, { api: site.api });
    expect(await snapshot(context)).toEqual(live);
  };

  beforeAll(async () => {
    redis = await OwnService.start('redis');
    env = testEnv(__filename, { REDIS_URL: redis.url() });
    site = await startSite(env);
    [book, other] = await seedCatalog(site, 2);
  }, 90_000);

  afterAll(async () => {
    for (const context of workers) await context.close();
    await site.close();
    await redis.stop();
  }, 60_000);

  it('converges read models and sends each e-mail once after Redis restarts empty with work queued', async () => {
    const alice = await registerReader(site, 'Alice');
    const bob = await registerReader(site, 'Bob');
    await site.drained();
    // The workers stop; the API goes on acknowledging writes, whose wake-ups and mail jobs wait in Redis.
    await site.workers.close();
    expect((await site.call('POST', 'like/like-book', { body: { book_id: book.bookId }, token: alice.token })).status).toBe(200);
    expect((await site.call('POST', 'like/like-book', { body: { book_id: book.bookId }, token: bob.token })).status).toBe(200);
    const posted = await site.call<{ comment_id: string }>('POST', 'comment/post-comments', {
      body: { book_id: book.bookId, chapter_id: null, parent_comment_id: null, comment_content: GOOD, honeypot: '' },
      token: alice.token,
    });
    await site.call('POST', 'comment/post-comments', {
      body: { book_id: book.bookId, chapter_id: null, parent_comment_id: posted.body.comment_id, comment_content: `${GOOD} Me too.`, honeypot: '' },
      token: bob.token,
    });
    const email = `carol.${Date.now()}@example.test`;
    const registered = await site.call('POST', 'user/register', { body: { email, password: 'correct horse battery staple', username: `Carol ${Date.now() % 1e6}`, honeypot: '' }, ip: '10.78.0.1' });
    expect(registered.status).toBe(200);
    const queued = new Queue(QueueName.Events, { connection: { url: env.REDIS_URL }, prefix: env.QUEUE_PREFIX });
    queued.on('error', () => undefined);
    expect(await queued.count()).toBeGreaterThan(0);
    await queued.close();

    await redis.restart({ empty: true });
    const started = Date.now();
    const revived = await startWorkers();
    await drained(revived);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await likeCount(book.bookId)).toBe(2);
    const thread = await site.call<CommentsResponse>('GET', `comment/show-comments?book_id=${book.bookId}&chapter_id=&criteria=oldest`);
    expect(thread.body.comments.map((comment) => comment.comment_content)).toEqual([GOOD, `${GOOD} Me too.`]);
    expect((await site.call('GET', 'user/replies/unread-count', { token: alice.token })).body).toEqual({ unreadCount: 1 });
    // The verification e-mail arrives from the store's mail outbox, once, even though its job was lost.
    await waitForMail(email, 30_000, 'Verify your e-mail for Novel Shelf');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await caughtMail()).filter((mail) => mail.to.some((to) => to.address === email))).toHaveLength(1);
    await expectLiveEqualsRebuild(revived);
  }, 90_000);

  it('finishes the work of a worker process killed with SIGKILL in the middle of a batch', async () => {
    for (const context of workers.splice(0)) await context.close();
    const child = new SiteProcess('workers', env);
    await child.start();
    const expected = await likeStorm(400, 25);
    // Kill it once it has applied part of the storm.
    const checkpoints = site.store.collection<PartitionCheckpointsDocument>(ProjectionCollection.Checkpoints);
    const storyLikes = async () => checkpointsOf(await checkpoints.find({}).toArray()).filter((checkpoint) => checkpoint.projector === 'story-likes');
    const deadline = Date.now() + 20_000;
    while ((await storyLikes()).reduce((sum, c) => sum + c.position, 0) < 50 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await child.kill();
    // Its partition locks expire; the next worker takes over from the checkpoints.
    const next = await startWorkers();
    await drained(next, 60_000);
    await expectLikes(expected);
    await expectLiveEqualsRebuild(next);
  }, 120_000);

  it('keeps every stream in order and loses no update with two worker processes sharing the partitions', async () => {
    await startWorkers();
    const second = await startWorkers();
    const expected = await likeStorm(600, 30);
    await drained(second, 60_000);
    await expectLikes(expected);
    await expectLiveEqualsRebuild(second);
  }, 120_000);

  it('rebuilds while readers write: no missing book meanwhile, and the result equals a rebuild from scratch', async () => {
    const context = workers.at(-1)!;
    let writing = true;
    const statuses: number[] = [];
    const writes = (async () => {
      for (let round = 0; writing; round++) {
        await Promise.all(
          Array.from({ length: 5 }, (_, i) => commands().execute(new LikeStoryCommand(`rebuild-${i}`, i % 2 ? book.bookId : other.bookId, round % 2 === 0))),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const reads = (async () => {
      while (writing) {
        for (const bookId of [book.bookId, other.bookId]) statuses.push((await site.call('GET', String(bookId))).status);
      }
    })();
    const phases = new Set<string>();
    await rebuild(context, { api: site.api, onProgress: (progress) => phases.add(progress.phase) });
    writing = false;
    await Promise.all([writes, reads]);
    expect([...phases]).toEqual(expect.arrayContaining(['replay', 'catch-up', 'done']));
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    await drained(context);
    const expected = new Map<string, boolean>();
    for (let i = 0; i < 5; i++) {
      const bookId = i % 2 ? book.bookId : other.bookId;
      const stream = await site.api.get(EventStore).readStream(`story-like-${bookId}-rebuild-${i}`);
      expected.set(`rebuild-${i}|${bookId}`, stream.at(-1)?.type === 'story.liked.v1');
    }
    await expectLikes(expected);
    await expectLiveEqualsRebuild(context);
  }, 120_000);

  it('parks an event that fails every retry, with its stream, while the rest of its partition goes on', async () => {
    const context = workers.at(-1)!;
    const store = site.api.get(EventStore);
    const by = { actor: 'test', correlationId: 'poison', causationId: null };
    const ref = { comment_id: 'ghost', book_id: book.bookId, chapter_id: null };
    // An edit of a comment that was never posted: the thread projector cannot apply it.
    await store.append('comment-ghost', 0, [{ type: 'comment.edited.v1', data: { ...ref, comment_content: GOOD } }], by);
    await store.append('comment-ghost', 1, [{ type: 'comment.deleted.v1', data: ref }], by);
    const posted = await store.append('comment-real', 0, [
      { type: 'comment.posted.v1', data: { ...ref, comment_id: 'real', parent_comment_id: null, parent_user_id: null, user_id: 'u-real', username: 'Real', email_hash: 'x', comment_content: GOOD } },
    ], by);
    await drained(context);
    const runner = context.get(PartitionRunner);
    const parked = (await runner.parked.list()).filter((doc) => doc.streamId === 'comment-ghost');
    expect(parked.map((doc) => [doc.projector, doc.version])).toEqual([['comment-threads', 1], ['comment-threads', 2]]);
    expect(parked[0].error).toMatch(/not projected yet/);
    // The same partition's other stream was projected.
    const thread = await site.call<CommentsResponse>('GET', `comment/show-comments?book_id=${book.bookId}&chapter_id=&criteria=oldest`);
    expect(thread.body.comments.map((comment) => comment.comment_id)).toContain(posted[0].data && 'real');
    // Operators see it on the dashboard's parked-events queue, as a failed job with the error.
    const dashboard = new Queue(QueueName.Parked, { connection: { url: env.REDIS_URL }, prefix: env.QUEUE_PREFIX });
    const deadline = Date.now() + 10_000;
    while ((await dashboard.getFailedCount()) < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await dashboard.getFailed()).map((job) => job.failedReason)).toContainEqual(expect.stringMatching(/still failing: .*not projected yet/));
    await dashboard.close();
    // Skipped by an operator, the stream flows again.
    for (const doc of parked) expect(await runner.skipParked(doc._id)).toBe('skipped');
    expect(await runner.parked.list()).toEqual([]);
    const checkpoint = await site.store.collection<PartitionCheckpointsDocument>(ProjectionCollection.Checkpoints).findOne({ _id: partitionId(parked[0].partition) });
    expect(checkpoint?.projectors['comment-threads'].parkedStreams).toEqual([]);
  }, 60_000);

  it('applies a parked event that an operator retries after a rebuild into the rebuilt read models', async () => {
    const context = workers.at(-1)!;
    const store = site.api.get(EventStore);
    const by = { actor: 'test', correlationId: 'parked-after-rebuild', causationId: null };
    const ref = { comment_id: `late-${Date.now()}`, book_id: book.bookId, chapter_id: null };
    // A like of a comment not projected yet: parked, by the live projection and again by the rebuild.
    await store.append(socialStreams.commentLike(ref.comment_id, 'u-liker'), 0, [{ type: 'comment.liked.v1', data: { ...ref, user_id: 'u-liker' } }], by);
    await drained(context);
    await rebuild(context, { api: site.api });
    const [parked] = (await context.get(PartitionRunner).parked.list()).filter((doc) => doc.type === 'comment.liked.v1' && doc.streamId.includes(ref.comment_id));
    expect(parked).toBeDefined();
    // The comment arrives; an operator retries the like from the command line, a process that never saw the rebuild.
    await store.append(socialStreams.comment(ref.comment_id), 0, [
      { type: 'comment.posted.v1', data: { ...ref, parent_comment_id: null, parent_user_id: null, user_id: 'u-late', username: 'Late', email_hash: 'x', comment_content: GOOD } },
    ], by);
    await drained(context);
    const retried = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [join(__dirname, '../../workers/dist/cli/parked-events.js'), 'retry', parked._id], { env }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
    expect(retried).toMatch(/applied/);
    const thread = await site.call<CommentsResponse>('GET', `comment/show-comments?book_id=${book.bookId}&chapter_id=&criteria=oldest`);
    expect(thread.body.comments.find((comment) => comment.comment_id === ref.comment_id)?.like_count).toBe(1);
  }, 90_000);

  /** Likes and unlikes by `readers` fake readers on the two books, 10 at a time; resolves with the final state. */
  async function likeStorm(count: number, readers: number): Promise<Map<string, boolean>> {
    const state = new Map<string, boolean>();
    const jobs = Array.from({ length: count }, (_, i) => {
      const user = `storm-${count}-${i % readers}`;
      const bookId = (i * 7919) % 3 === 0 ? other.bookId : book.bookId;
      const like = Math.random() < 0.6;
      return { user, bookId, like };
    });
    for (let i = 0; i < jobs.length; i += 10) {
      await Promise.all(
        jobs.slice(i, i + 10).map(async ({ user, bookId, like }) => {
          const liked = await commands().execute<LikeStoryCommand, boolean>(new LikeStoryCommand(user, bookId, like));
          state.set(`${user}|${bookId}`, liked);
        }),
      );
    }
    // The final state of each pair is what its stream ends with; read it back from the commands' own view.
    for (const key of state.keys()) {
      const [user, bookId] = key.split('|');
      const stream = await site.api.get(EventStore).readStream(`story-like-${bookId}-${user}`);
      state.set(key, stream.at(-1)?.type === 'story.liked.v1');
    }
    return state;
  }

  /** rm_reader_likes agrees with the log's final state of every (reader, book); the count with the likers' states. */
  async function expectLikes(expected: Map<string, boolean>): Promise<void> {
    const readModels = workers.at(-1)!.get(ReadModels);
    await readModels.refresh();
    const readers = readModels.db.collection<ReaderLikesReadModel>(readModels.physical(SocialReadModelCollection.ReaderLikes));
    const pages = readModels.db.collection<StoryLikerPageReadModel>(readModels.physical(SocialReadModelCollection.StoryLikerPages));
    const likesOf = (user: string) => loadReaderLikes(user, (filter) => readers.findOne(filter));
    for (const bookId of [book.bookId, other.bookId]) {
      for (const [key, liked] of expected) {
        const [user, id] = key.split('|');
        if (Number(id) !== bookId) continue;
        expect([key, (await likesOf(user))?.books[bookKey(bookId)]?.liked ?? false]).toEqual([key, liked]);
      }
      const likers = (await pages.find({}).toArray()).filter((page) => page._id.startsWith(`${bookId}#`)).flatMap((page) => Object.values(page.likers));
      expect(new Set(likers).size).toBe(likers.length);
      const states = await Promise.all(likers.map(async (user) => (await likesOf(user))?.books[bookKey(bookId)]?.liked ?? false));
      expect(await likeCount(bookId)).toBe(states.filter(Boolean).length);
    }
  }

});
