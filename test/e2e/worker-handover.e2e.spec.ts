// A partition handed from one consumer to another and back: a consumer that lets a partition go keeps what it held
// (checkpoints and write buffers) and uses it again only when its next holding is the very next epoch. Two consumers
// (two workers' PartitionRunners on one store) take turns on a book's partition while readers like it: every turn
// must start from what the other one wrote, so the like count equals the log and the read models equal a rebuild; and
// a consumer that takes back a partition nobody held meanwhile reads no checkpoints from the store.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { type LikeStatusResponse, partitionKey, partitionOf, SocialEventType, SocialReadModelCollection } from '@shelf/contracts';
import { testEnv, type TestEnv } from '@test/support';
import { LikeStoryCommand } from '../../backend/src/modules/likes/application/like-story.command';
import { Checkpoints, PartitionRunner } from '../../workers/src/engine';
import { WorkersModule } from '../../workers/src/workers.module';
import { readModelSnapshot, rebuild, seedCatalog, startSite, type TestSite } from '../site-harness';

describe('a partition handed between consumers', () => {
  let env: TestEnv;
  let site: TestSite;
  let first: INestApplicationContext;
  let second: INestApplicationContext;
  let bookId: number;
  let partition: number;
  const liked = new Set<number>();

  /** Readers `from`…`to - 1` like (or unlike) the book through the API's command bus. */
  const like = async (from: number, to: number, likes = true) => {
    const commands = site.api.get(CommandBus);
    for (let i = from; i < to; i++) {
      await commands.execute(new LikeStoryCommand(`handover-reader-${i}`, bookId, likes));
      if (likes) liked.add(i);
      else liked.delete(i);
    }
  };
  /** One consumer's turn: it projects the partition to its head, then lets it go. */
  const turn = async (workers: INestApplicationContext) => {
    const runner = workers.get(PartitionRunner);
    expect(await runner.run(partition)).not.toBeNull();
    await runner.letGoAll();
  };
  const likeCount = async () => (await site.call<LikeStatusResponse>('GET', `like/show-visitor-like-count?book_id=${bookId}`)).body.likeCount.like_count;

  beforeAll(async () => {
    env = testEnv(__filename);
    site = await startSite(env);
    [{ bookId }] = await seedCatalog(site, 1);
    await site.workers.close();
    const context = () => NestFactory.createApplicationContext(WorkersModule.register(env, { consume: false }), { logger: ['error'] });
    [first, second] = [await context(), await context()];
    const streamId = `story-like-${bookId}-handover-reader-0`;
    partition = partitionOf(partitionKey(streamId, SocialEventType.StoryLiked, { book_id: bookId }));
    // The catalog's own events of this partition, so that turns below project likes only.
    await turn(first);
  }, 120_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await site?.close();
  }, 60_000);

  it('starts each turn from what the other consumer wrote: the like count follows the log', async () => {
    await like(0, 10);
    await turn(first);
    expect(await likeCount()).toBe(10);
    await like(10, 15);
    await turn(second);
    expect(await likeCount()).toBe(15);
    // The first takes it back after the second's holding: what it remembers (a count of 10) is stale.
    await like(0, 3, false);
    await turn(first);
    expect(await likeCount()).toBe(liked.size);
    await like(20, 24);
    await turn(second);
    await like(3, 5, false);
    await turn(first);
    expect(await likeCount()).toBe(liked.size);
    expect(liked.size).toBe(14);

    const names = [SocialReadModelCollection.StoryLikes, SocialReadModelCollection.StoryLikerPages, SocialReadModelCollection.ReaderLikes];
    const live = await readModelSnapshot(first, names);
    await rebuild(first, { api: site.api });
    expect(await readModelSnapshot(first, names)).toEqual(live);
  }, 120_000);

  it('takes back a partition nobody held meanwhile without reading its checkpoints', async () => {
    // The rebuild above held every lease: the next turn starts from the store.
    await like(30, 33);
    await turn(second);
    const loads = jest.spyOn(Checkpoints.prototype, 'read');
    try {
      await like(33, 36);
      await turn(second);
      expect(loads).not.toHaveBeenCalled();
      await like(36, 38);
      await turn(first);
      expect(loads).toHaveBeenCalledTimes(1);
    } finally {
      loads.mockRestore();
    }
    expect(await likeCount()).toBe(liked.size);
  }, 120_000);
});
