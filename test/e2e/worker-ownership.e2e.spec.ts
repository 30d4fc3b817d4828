// Ownership of a partition under a frozen worker: two worker processes share the partitions while readers like; one is
// frozen (SIGSTOP) in the middle of storing a batch for longer than its lease, the other takes its partitions over, and
// then the frozen one wakes up (SIGCONT) and carries on where it was. Its late writes must be refused (fenced), so
// every count equals what the log says, and live read models equal a rebuild from the log.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { type LikeStatusResponse, SocialReadModelCollection } from '@shelf/contracts';
import { testEnv, type TestEnv } from '@test/support';
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { EventStore } from '../../backend/src/event-store/event-store';
import { LikeStoryCommand } from '../../backend/src/modules/likes/application/like-story.command';
import { PartitionRunner } from '../../workers/src/engine';
import { WorkersModule } from '../../workers/src/workers.module';
import { projectionsDone, readModelSnapshot, rebuild, seedCatalog, startSite, type TestSite } from '../site-harness';

/** Longer than a partition's lease (15 s), as in the case seen in life (23 s). */
const FROZEN_MS = 23_000;
/** Many more readers than a batch has events: a batch of the frozen worker covers some of them, its successor others. */
const READERS = 400;

describe('a worker frozen past its lease', () => {
  let env: TestEnv;
  let site: TestSite;
  let tools: INestApplicationContext;
  let books: { bookId: number }[];
  const children: ChildProcess[] = [];

  const worker = (variables: Record<string, string> = {}, onWrite: (line: string) => void = () => undefined) => {
    const child = spawn(process.execPath, [join(__dirname, '../../workers/dist/main.js')], { env: { ...env, ...variables, STORE_WRITE_TRACE: '1' }, stdio: ['ignore', 'pipe', 'ignore'] });
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (buffered + chunk.toString()).split('\n');
      buffered = lines.pop()!;
      lines.forEach(onWrite);
    });
    children.push(child);
    return child;
  };

  beforeAll(async () => {
    env = testEnv(__filename);
    site = await startSite(env);
    books = await seedCatalog(site, 2);
    await site.workers.close();
    tools = await NestFactory.createApplicationContext(WorkersModule.register(env, { consume: false }), { logger: ['error'] });
  }, 120_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await tools?.close();
    await site?.close();
  }, 60_000);

  it('cannot overwrite its successor: like counts equal the log after it wakes up', async () => {
    const freeze: { done: Promise<void> | null } = { done: null };
    // It stops itself right after it stored a page of likers, before the heads, readers and checkpoints of that batch;
    // the second starts then, and takes the partitions over once the first one's leases expire.
    const first = worker({ STORE_FREEZE_AFTER_WRITE_TO: SocialReadModelCollection.StoryLikerPages }, (line) => {
      if (!freeze.done && line.includes(` ${SocialReadModelCollection.StoryLikerPages}`)) {
        worker();
        freeze.done = new Promise((resolve) => setTimeout(resolve, FROZEN_MS)).then(() => void first.kill('SIGCONT'));
      }
    });
    const commands = site.api.get(CommandBus);
    const deadline = Date.now() + 60_000;
    let round = 0;
    // Readers like and unlike until the first worker has been frozen and woken again, and a while after.
    while (Date.now() < deadline) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const reader = `frozen-reader-${Math.floor(Math.random() * READERS)}`;
          const book = books[(round + i) % books.length];
          return commands.execute(new LikeStoryCommand(reader, book.bookId, Math.random() < 0.7));
        }),
      );
      round += 1;
      if (freeze.done && (await Promise.race([freeze.done.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 100))]))) break;
    }
    expect(freeze.done).not.toBeNull();
    for (let extra = 0; extra < 5; extra++) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => commands.execute(new LikeStoryCommand(`frozen-reader-${i}`, books[extra % 2].bookId, extra % 2 === 0))));
    }
    await projectionsDone(site.store, tools, 60_000);

    const store = site.api.get(EventStore);
    for (const { bookId } of books) {
      let liked = 0;
      for (let i = 0; i < READERS; i++) {
        const stream = await store.readStream(`story-like-${bookId}-frozen-reader-${i}`);
        if (stream.at(-1)?.type === 'story.liked.v1') liked += 1;
      }
      const shown = await site.call<LikeStatusResponse>('GET', `like/show-visitor-like-count?book_id=${bookId}`);
      expect([bookId, shown.body.likeCount.like_count]).toEqual([bookId, liked]);
    }
    expect(await tools.get(PartitionRunner).parked.list()).toEqual([]);
    const names = [SocialReadModelCollection.StoryLikes, SocialReadModelCollection.StoryLikerPages, SocialReadModelCollection.ReaderLikes];
    const live = await readModelSnapshot(tools, names);
    await rebuild(tools, { api: site.api });
    expect(await readModelSnapshot(tools, names)).toEqual(live);
  }, 180_000);
});
