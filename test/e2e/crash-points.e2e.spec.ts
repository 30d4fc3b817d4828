// Crash points of the worker tier: a worker process killed right after its k-th store write, for a bounded sample of k
// in CI and for every k with `npm run test:crash-points`, then a healthy one started; every read model must then equal
// a rebuild of it from the log (nothing lost, nothing counted twice), with no event parked. The same for a worker frozen
// after its k-th write that wakes after its successor went on (a stale holder), for a rebuild killed at each write of
// its switch, and for the API killed after each write of its appends.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { READ_MODEL_VERSIONS_COLLECTION, SocialEventType, socialStreams } from '@shelf/contracts';
import { testEnv, type TestEnv } from '@test/support';
import { readFileSync } from 'node:fs';
import { EventStore } from '../../backend/src/event-store/event-store';
import { SaveChapterCommand } from '../../backend/src/modules/catalog/application/save-chapter.command';
import { DeleteCommentCommand } from '../../backend/src/modules/comments/application/delete-comment.command';
import { LikeCommentCommand } from '../../backend/src/modules/comments/application/like-comment.command';
import { ReportCommentCommand } from '../../backend/src/modules/comments/application/report-comment.command';
import { LikeStoryCommand } from '../../backend/src/modules/likes/application/like-story.command';
import { ModerateCommentCommand } from '../../backend/src/modules/moderation/application/moderate-comment.command';
import { MarkRepliesReadCommand } from '../../backend/src/modules/reply-inbox/application/mark-replies-read.command';
import { PartitionRunner } from '../../workers/src/engine';
import { WorkersModule } from '../../workers/src/workers.module';
import { crashPoints, expireLeases, forgetReadModels, ownedReadModels, runWorkerProcess, tracedProcess } from '../crash-points';
import { freePort, SiteProcess } from '../own-services';
import { appendComment, projectionsDone, type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

/** Crash points each CI run tries (spread over the run's writes from a random offset): the budget of a few minutes. */
const CI_SAMPLE = 5;
const API_CI_SAMPLE = 4;
const REBUILD_CI_SAMPLE = 3;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const by = { actor: 'crash-points', correlationId: 'crash-points', causationId: null };

describe('crash points of the worker tier', () => {
  let env: TestEnv;
  let site: TestSite;
  /** A context that consumes nothing: the projectors, to rebuild and to read the read models with. */
  let tools: INestApplicationContext;
  let books: { bookId: number; chapterIds: number[] }[];
  let readers: Reader[];

  beforeAll(async () => {
    env = testEnv(__filename);
    site = await startSite(env);
    books = await seedCatalog(site, 2);
    readers = [];
    for (let i = 0; i < 3; i++) readers.push(await registerReader(site, `Crash point ${i}`));
    await site.drained();
    await site.workers.close();
    tools = await NestFactory.createApplicationContext(WorkersModule.register(env, { consume: false }), { logger: ['error'] });
    await workload(books, readers);
  }, 120_000);

  afterAll(async () => {
    await tools?.close();
    await site?.close();
  }, 60_000);

  it('converges to the rebuild from the log after a crash right after any store write', async () => {
    const names = ownedReadModels(tools);
    await forgetReadModels(tools);
    const reference = await runWorkerProcess(site.store, tools, env);
    expect(reference.crashed).toBe(false);
    const expected = await readModelSnapshot(tools, names);
    const points = crashPoints(reference.writes.length, CI_SAMPLE);
    const diverged: string[] = [];
    for (const k of points) {
      await forgetReadModels(tools);
      const crashed = await runWorkerProcess(site.store, tools, { ...env, STORE_CRASH_AFTER_WRITES: String(k) });
      const at = crashed.crashed ? `after write ${k} (${crashed.writes.at(-1)})` : `at ${k} (not reached: ${crashed.writes.length} writes)`;
      const healed = await runWorkerProcess(site.store, tools, env).catch((error: Error) => error);
      const live = await readModelSnapshot(tools, names);
      const parked = await tools.get(PartitionRunner).parked.list();
      const outcome =
        healed instanceof Error ? healed.message : parked.length > 0 ? `${parked.length} parked` : !equal(live, expected) ? differences(live, expected).join('; ') : null;
      if (outcome) diverged.push(`${at}: ${outcome}`);
      if (process.env.CRASH_POINTS === 'all') process.stdout.write(`crash point ${at}: ${outcome ?? 'converged'}\n`);
    }
    process.stdout.write(`crash points: ${points.length} of ${reference.writes.length} store writes tried, ${diverged.length} diverged\n`);
    expect(diverged).toEqual([]);
    // The reference itself is what a rebuild from the log makes.
    await rebuild(tools, { api: site.api });
    expect(await readModelSnapshot(tools, names)).toEqual(expected);
  }, 30 * 60_000);

  it('converges when a holder frozen right after any store write wakes up after its successor went on', async () => {
    const names = ownedReadModels(tools);
    await forgetReadModels(tools);
    const reference = await runWorkerProcess(site.store, tools, env);
    const expected = await readModelSnapshot(tools, names);
    const points = crashPoints(reference.writes.length, CI_SAMPLE);
    const diverged: string[] = [];
    for (const k of points) {
      await forgetReadModels(tools);
      // The stale holder: stopped (SIGSTOP) right after its k-th write, its leases then expire.
      const stale = tracedProcess('workers/dist/main.js', { ...env, STORE_FREEZE_AFTER_WRITES: String(k) });
      const deadline = Date.now() + 60_000;
      while (stale.writes.length < k && Date.now() < deadline && stale.child.exitCode === null) await pause(20);
      await pause(200);
      const at = `holder frozen after write ${k} (${stale.writes[k - 1] ?? 'not reached'})`;
      // Stopped indeed (state T), unless this run made fewer writes than the reference.
      if (stale.writes.length >= k) expect([at, readFileSync(`/proc/${stale.child.pid}/stat`, 'utf8').split(' ')[2]]).toEqual([at, 'T']);
      await expireLeases(site.store);
      // Its successor projects everything, then the stale holder wakes up in the middle of what it was doing.
      const successor = await runWorkerProcess(site.store, tools, env).catch((error: Error) => error);
      stale.child.kill('SIGCONT');
      await pause(1500);
      const settled = await projectionsDone(site.store, tools, 60_000).catch((error: Error) => error);
      await stale.stop();
      const live = await readModelSnapshot(tools, names);
      const parked = await tools.get(PartitionRunner).parked.list();
      const failure = successor instanceof Error ? successor : settled instanceof Error ? settled : null;
      const outcome = failure ? failure.message : parked.length > 0 ? `${parked.length} parked` : !equal(live, expected) ? differences(live, expected).join('; ') : null;
      if (outcome) diverged.push(`${at}: ${outcome}`);
      if (process.env.CRASH_POINTS === 'all') process.stdout.write(`stale holder point ${at}: ${outcome ?? 'converged'}\n`);
    }
    process.stdout.write(`stale holder points: ${points.length} of ${reference.writes.length} store writes tried, ${diverged.length} diverged\n`);
    expect(diverged).toEqual([]);
  }, 30 * 60_000);

  it('leaves read models equal to the log after a rebuild killed right after any store write of its switch', async () => {
    const names = ownedReadModels(tools);
    await runWorkerProcess(site.store, tools, env);
    const rebuildScript = 'workers/dist/cli/rebuild.js';
    const reference = tracedProcess(rebuildScript, env);
    await reference.exited;
    const switchAt = reference.writes.findIndex((write) => write.endsWith(` ${READ_MODEL_VERSIONS_COLLECTION}`)) + 1;
    expect(switchAt).toBeGreaterThan(0);
    // The write before the switch and each of the switch's own (read models, shapes, each partition's commit, parked).
    const steps = reference.writes.length - switchAt + 2;
    const points = crashPoints(steps, REBUILD_CI_SAMPLE).map((i) => switchAt - 2 + i);
    const diverged: string[] = [];
    for (const [i, k] of points.entries()) {
      // Events the live read models have not applied yet: the rebuild has, so its checkpoints and theirs differ.
      const commands = site.api.get(CommandBus);
      for (const { bookId } of books) await commands.execute(new LikeStoryCommand(`switch-reader-${i}`, bookId, true));
      const killed = tracedProcess(rebuildScript, { ...env, STORE_CRASH_AFTER_WRITES: String(k) });
      const signal = await killed.exited;
      const at = `rebuild ${signal === 'SIGKILL' ? 'killed' : 'not killed'} after write ${k} (${killed.writes[k - 1] ?? 'not reached'})`;
      await expireLeases(site.store);
      const healed = await runWorkerProcess(site.store, tools, env).catch((error: Error) => error);
      const live = await readModelSnapshot(tools, names);
      const parked = await tools.get(PartitionRunner).parked.list();
      await rebuild(tools, { api: site.api });
      const rebuilt = await readModelSnapshot(tools, names);
      const outcome = healed instanceof Error ? healed.message : parked.length > 0 ? `${parked.length} parked` : !equal(live, rebuilt) ? differences(live, rebuilt).join('; ') : null;
      if (outcome) diverged.push(`${at}: ${outcome}`);
      if (process.env.CRASH_POINTS === 'all') process.stdout.write(`rebuild switch point ${at}: ${outcome ?? 'converged'}\n`);
    }
    process.stdout.write(`rebuild switch points: ${points.length} of ${steps} tried, ${diverged.length} diverged\n`);
    expect(diverged).toEqual([]);
  }, 30 * 60_000);

  it('projects every acknowledged write, and nothing is stuck, after the API dies right after any store write of an append', async () => {
    const names = ownedReadModels(tools);
    const port = String(await freePort());
    const reference = new SiteProcess('backend', { ...env, PORT: port });
    await reference.start({ STORE_WRITE_TRACE: '1' });
    const booted = reference.writes.length;
    await likeBurst(port, true);
    await reference.stop();
    const points = crashPoints(reference.writes.length - booted, API_CI_SAMPLE).map((k) => booted + k);
    const diverged: string[] = [];
    for (const [i, k] of points.entries()) {
      const api = new SiteProcess('backend', { ...env, PORT: port });
      await api.start({ STORE_WRITE_TRACE: '1', STORE_CRASH_AFTER_WRITES: String(k) });
      // Unlikes, then likes, in turn: each acknowledged one must be the pair's last state in the log.
      const like = i % 2 === 1;
      const acknowledged = await likeBurst(port, like);
      await api.kill();
      // A healthy worker projects what was stored: positions drawn without events are passed over in time.
      const healed = await runWorkerProcess(site.store, tools, env).catch((error: Error) => error);
      const at = `API after write ${k} (${api.writes.at(-1) ?? 'none'})`;
      const live = await readModelSnapshot(tools, names);
      const liked = await likedInLog();
      const lost = acknowledged.filter(({ reader, bookId }) => liked.has(`${reader}|${bookId}`) !== like);
      await rebuild(tools, { api: site.api });
      const rebuilt = await readModelSnapshot(tools, names);
      const outcome = healed instanceof Error ? healed.message : !equal(live, rebuilt) ? differences(live, rebuilt).join('; ') : lost.length > 0 ? `${lost.length} acknowledged likes lost` : null;
      if (outcome) diverged.push(`${at}: ${outcome}`);
      if (process.env.CRASH_POINTS === 'all') process.stdout.write(`crash point ${at}: ${outcome ?? 'converged'}\n`);
    }
    process.stdout.write(`API crash points: ${points.length} of ${reference.writes.length - booted} store writes tried, ${diverged.length} diverged\n`);
    expect(diverged).toEqual([]);
  }, 30 * 60_000);

  /** Every reader likes (or unlikes) every book, all at once; resolves with the requests answered 200. */
  async function likeBurst(port: string, like: boolean): Promise<{ reader: string; bookId: number }[]> {
    const sent = readers.flatMap((reader) => books.map((book) => ({ reader, bookId: book.bookId })));
    const statuses = await Promise.all(
      sent.map(({ reader, bookId }) =>
        fetch(`http://127.0.0.1:${port}/api/like/${like ? 'like-book' : 'remove-like-book'}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.token}` },
          body: JSON.stringify({ book_id: bookId }),
        }).then((response) => response.status, () => 0),
      ),
    );
    return sent.flatMap(({ reader, bookId }, i) => (statuses[i] === 200 ? [{ reader: reader.user.user_id, bookId }] : []));
  }

  /** `user|book` of every reader whose like stream ends liked, as the log has it. */
  async function likedInLog(): Promise<Set<string>> {
    const store = site.api.get(EventStore);
    const liked = new Set<string>();
    for (const reader of readers) {
      for (const { bookId } of books) {
        const stream = await store.readStream(socialStreams.storyLike(bookId, reader.user.user_id));
        if (stream.at(-1)?.type === 'story.liked.v1') liked.add(`${reader.user.user_id}|${bookId}`);
      }
    }
    return liked;
  }

  /**
   * Every kind of event the worker tier projects into counts and per-reader records: story likes and unlikes (with
   * their liker pages and readers' liked stories), a chapter published to the likers, comments, replies and their
   * inboxes, comment likes and unlikes, a deleted reply and a read mark; reports, an edit and operators' decisions
   * (the moderation views and the audit trail).
   */
  async function workload(books: { bookId: number; chapterIds: number[] }[], reporters: Reader[]): Promise<void> {
    const commands = site.api.get(CommandBus);
    const readers = Array.from({ length: 8 }, (_, i) => `crash-reader-${i}`);
    for (const [i, reader] of readers.entries()) {
      for (const { bookId } of books) await commands.execute(new LikeStoryCommand(reader, bookId, true));
      if (i % 3 === 0) await commands.execute(new LikeStoryCommand(reader, books[0].bookId, false));
    }
    const [book] = books;
    await commands.execute(
      new SaveChapterCommand(
        {
          book_id: book.bookId,
          chapter_id: Math.max(...book.chapterIds) + 1,
          title: 'After the storm',
          content: 'Words. '.repeat(60),
          footnote: '',
          chapter_author_note: '',
          chapter_tl_note: '',
          uploaded_time: new Date().toISOString(),
        },
        by,
      ),
    );
    const post = (author: string, parent: { id: string; author: string } | null, chapterId: number | null) =>
      appendComment(site, { userId: author, parent, bookId: book.bookId, chapterId, content: `A comment by ${author}.` });
    const top = await post(readers[0], null, null);
    const other = await post(readers[1], null, book.chapterIds[0]);
    const replies: string[] = [];
    for (const reader of readers.slice(1)) replies.push(await post(reader, { id: top, author: readers[0] }, null));
    await post(readers[0], { id: other, author: readers[1] }, book.chapterIds[0]);
    for (const reader of readers) {
      await commands.execute(new LikeCommentCommand(reader, top, true));
      if (reader.endsWith('2')) await commands.execute(new LikeCommentCommand(reader, top, false));
    }
    const deleted = replies[2];
    await commands.execute(new DeleteCommentCommand(readers[3], deleted));
    await commands.execute(new MarkRepliesReadCommand(readers[1]));
    for (const reader of readers.slice(4)) replies.push(await post(reader, { id: top, author: readers[0] }, null));
    for (const [i, reporter] of reporters.entries()) {
      await commands.execute(new ReportCommentCommand(reporter.user.user_id, other, i % 2 ? 'spam' : null));
      await commands.execute(new ReportCommentCommand(reporter.user.user_id, replies.filter((reply) => reply !== deleted)[i], 'off-topic'));
    }
    await commands.execute(new ReportCommentCommand(reporters[0].user.user_id, top, 'spoilers'));
    const events = site.api.get(EventStore);
    const version = (await events.readStream(socialStreams.comment(other))).length;
    await events.append(socialStreams.comment(other), version, [{ type: SocialEventType.CommentEdited, data: { comment_id: other, book_id: book.bookId, chapter_id: book.chapterIds[0], comment_content: 'Edited after its reports.' } }], by);
    await commands.execute(new ModerateCommentCommand('crash-operator', other, 'dismiss'));
    await commands.execute(new ModerateCommentCommand('crash-operator', top, 'remove'));
    await commands.execute(new ModerateCommentCommand('crash-operator', replies[0], 'remove'));
    await commands.execute(new ModerateCommentCommand('crash-operator', replies[0], 'restore'));
  }
});

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The read models whose documents differ, with the first differing document's id. */
function differences(live: Record<string, unknown[]>, expected: Record<string, unknown[]>): string[] {
  return Object.keys(expected).flatMap((name) => {
    const a = live[name] ?? [];
    const b = expected[name];
    if (equal(a, b)) return [];
    const found = b.findIndex((doc, i) => !equal(doc, a[i]));
    const index = found < 0 ? b.length : found;
    const id = (b[index] ?? a[index]) as { _id?: unknown } | undefined;
    return [`${name}: ${a.length} vs ${b.length} documents, first difference at ${String(id?._id)}: ${firstDifference(a[index], b[index])}`];
  });
}

/** Where two values first differ: the path and both values there. */
function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    const key = keys.find((k) => !equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
    if (key !== undefined) return firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
  }
  return `${path || '(document)'}: ${String(JSON.stringify(a)).slice(0, 300)} vs ${String(JSON.stringify(b)).slice(0, 300)}`;
}
