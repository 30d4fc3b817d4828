import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  AccountEventType,
  type AnyDomainEvent,
  EventLogCollection,
  partitionId,
  partitionKey,
  partitionOf,
  type PartitionHeadDocument,
  positionId,
  type PositionDocument,
  QueueName,
  SocialEventType,
} from '@shelf/contracts';
import { testEnv } from '@test/support';
import { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import { CatalogCliModule } from '../modules/catalog/cli/catalog-cli.module';
import { decideStoryLike } from '../modules/likes/domain/story-like-decisions';
import { appendDecision } from './append-decision';
import { ConcurrencyError } from './concurrency-error';
import { EventStore } from './event-store';

const by = { actor: 'test', correlationId: 'c1', causationId: null };
const published = (name: string) => ({ type: 'book.published.v1' as const, data: { english_book_name: name } as never });

describe('EventStore', () => {
  const env = testEnv(__filename);
  let app: INestApplicationContext;
  let store: EventStore;
  /** The same log through a second process's EventStore, with its own memory of streams. */
  let other: INestApplicationContext;
  let otherStore: EventStore;
  let queue: Queue;
  let connection: Connection;

  /** The events the log's partition holds, in log order (positions whose event was stored). */
  const logOf = async (streamId: string) => {
    const partition = partitionOf(partitionKey(streamId, 'book.published.v1', {}));
    const head = (await connection.collection<PartitionHeadDocument>(EventLogCollection.Partitions).findOne({ _id: partitionId(partition) }))?.head ?? 0;
    const positions = await Promise.all(
      Array.from({ length: head }, (_, i) => connection.collection<PositionDocument>(EventLogCollection.Positions).findOne({ _id: positionId(partition, i + 1) })),
    );
    return { partition, head, positions: positions.filter((position) => position !== null) };
  };

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(CatalogCliModule.register(env), { logger: ['error'] });
    store = app.get(EventStore);
    other = await NestFactory.createApplicationContext(CatalogCliModule.register(env), { logger: ['error'] });
    otherStore = other.get(EventStore);
    connection = app.get<Connection>(getConnectionToken());
    queue = new Queue(QueueName.Events, { connection: { url: env.REDIS_URL }, prefix: env.QUEUE_PREFIX });
  });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await connection.dropDatabase();
    await other.close();
    await app.close();
  });

  it('numbers a stream from 1, reads it back in order, places each event in its partition and wakes that partition', async () => {
    const [first] = await store.append('s-1', 0, [published('One')], by);
    const [second] = await store.append('s-1', 1, [published('Two')], by);
    expect([first.version, second.version]).toEqual([1, 2]);
    expect((await store.readStream('s-1')).map((event: AnyDomainEvent) => event.id)).toEqual([first.id, second.id]);
    const { partition, positions } = await logOf('s-1');
    expect(positions.map((position) => position.eventId)).toEqual([first.id, second.id]);
    expect(positions.map((position) => position.seq)).toEqual([1, 2]);
    const wakeUps = await queue.getJobs(['waiting', 'active', 'completed', 'prioritized']);
    expect(wakeUps.map((job) => job.data)).toContainEqual({ partition });
  });

  it('rejects an append behind the stream head with ConcurrencyError and stores nothing of it', async () => {
    await store.append('s-2', 0, [published('First writer')], by);
    await expect(store.append('s-2', 0, [published('Second writer')], by)).rejects.toBeInstanceOf(ConcurrencyError);
    const stream = await store.readStream('s-2');
    expect(stream.map((event) => (event.data as { english_book_name: string }).english_book_name)).toEqual(['First writer']);
    // The loser's position points at an event id that is not stored: readers pass over it.
    const { positions } = await logOf('s-2');
    expect(positions.filter((position) => position.eventDocumentId?.startsWith('s-2:'))).toHaveLength(2);
  });

  it('reads a v1 account event without the password hash it stored; readStoredData alone gives it', async () => {
    const data = { userId: 'u-v1', email: 'v1@example.test', username: 'Old', passwordHash: '$argon2id$stored' };
    const [appended] = await store.append('user-u-v1', 0, [{ type: AccountEventType.UserRegistered, data } as never], by);
    expect(appended.data).toEqual({ userId: 'u-v1', email: 'v1@example.test', username: 'Old' });
    expect((await store.readStream('user-u-v1'))[0].data).toEqual(appended.data);
    // Stored as written, the hash included, but for the personal fields, which are sealed (PersonalKeys).
    const sealed = expect.stringMatching(/^sealed:v2:/);
    expect(await store.readStoredData('user-u-v1', 1)).toEqual({ ...data, email: sealed, username: sealed });
    expect(await store.readStoredData('user-u-v1', 2)).toBeNull();
  });

  it('stores an event id once when the same append is repeated', async () => {
    const event = { ...published('Retried'), id: '7f1c1d6e-5a43-4c1e-9a55-1b0d5b7a0c11' };
    await store.append('s-3', 0, [event], by);
    const again = await store.append('s-3', 0, [event], by);
    expect(again[0].id).toBe(event.id);
    expect(await store.readStream('s-3')).toHaveLength(1);
    expect(await connection.collection(EventLogCollection.Events).countDocuments({ eventId: event.id })).toBe(1);
  });

  it('lets exactly one of many concurrent appends at the same version win, each with its own position', async () => {
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => store.append('s-4', 0, [published(`Writer ${i}`)], by)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'rejected' && result.reason instanceof ConcurrencyError)).toHaveLength(4);
    expect(await store.readStream('s-4')).toHaveLength(1);
    const { positions } = await logOf('s-4');
    const mine = positions.filter((position) => position.eventDocumentId?.startsWith('s-4:'));
    expect(new Set(mine.map((position) => position.seq)).size).toBe(5);
  });

  it('stores concurrent appends to one partition together, each with its own outcome, and places every one in the log', async () => {
    const partition = partitionOf(partitionKey('g-0', 'book.published.v1', {}));
    // Streams of that partition, some of them written twice at once (one of each pair loses), with two-event appends.
    const streams = Array.from({ length: 400 }, (_, i) => `g-${i}`).filter((id) => partitionOf(partitionKey(id, 'book.published.v1', {})) === partition).slice(0, 12);
    const before = (await logOf(streams[0])).head;
    const appends = streams.flatMap((id, i) => [
      store.append(id, 0, [published(`${id} a`), published(`${id} b`)], by),
      ...(i % 3 === 0 ? [store.append(id, 0, [published(`${id} rival`)], by)] : []),
    ]);
    const results = await Promise.allSettled(appends);
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(rejected).toHaveLength(4);
    expect(rejected.every((result) => result.reason instanceof ConcurrencyError)).toBe(true);
    for (const id of streams) {
      const names = (await store.readStream(id)).map((event) => (event.data as { english_book_name: string }).english_book_name);
      expect([id, names]).toEqual([id, names.length === 1 ? [`${id} rival`] : [`${id} a`, `${id} b`]]);
    }
    const stored = (await Promise.all(streams.map((id) => store.readStream(id)))).flat();
    expect(stored.length).toBe(results.reduce((sum, result) => sum + (result.status === 'fulfilled' ? result.value.length : 0), 0));
    const { positions, head } = await logOf(streams[0]);
    const placed = positions.filter((position) => position.seq > before);
    expect(head - before).toBe(streams.length * 2 + 4);
    expect(new Set(placed.map((position) => position.seq)).size).toBe(head - before);
    // Every stored event has a position pointing at it.
    const pointed = new Set(placed.map((position) => position.eventId));
    expect(stored.every((event) => pointed.has(event.id))).toBe(true);
  });

  it("places a group's appends of several partitions each in its own partition, drawing again past a number taken in one", async () => {
    const partitionOfStream = (id: string) => partitionOf(partitionKey(id, 'book.published.v1', {}));
    const ids = Array.from({ length: 100 }, (_, i) => `m-${i}`).filter((id) => partitionOfStream(id) !== partitionOfStream('m-first'));
    const a = ids[0];
    const b = ids.find((id) => partitionOfStream(id) !== partitionOfStream(a))!;
    const [headA, headB] = [(await logOf(a)).head, (await logOf(b)).head];
    // A reader gave up on the next number of a's partition: a tombstone holds it.
    await connection
      .collection<PositionDocument>(EventLogCollection.Positions)
      .insertOne({ _id: positionId(partitionOfStream(a), headA + 1), partition: partitionOfStream(a), seq: headA + 1, eventDocumentId: null, eventId: null, at: new Date() });
    // The first append is stored alone; the two that come while it is are stored together, in one group.
    const [, [eventA], [eventB]] = await Promise.all([
      store.append('m-first', 0, [published('First')], by),
      store.append(a, 0, [published('In a')], by),
      store.append(b, 0, [published('In b')], by),
    ]);
    const placed = async (id: string, eventId: string) => (await logOf(id)).positions.filter((position) => position.eventId === eventId).map((position) => position.seq);
    expect(await placed(a, eventA.id)).toEqual([headA + 2]);
    expect(await placed(b, eventB.id)).toEqual([headB + 1]);
  });

  it('reads what another process appended to a stream since this one last read it', async () => {
    const [first] = await store.append('s-5', 0, [published('Here')], by);
    expect((await store.readStream('s-5')).map((event) => event.id)).toEqual([first.id]);
    const [second] = await otherStore.append('s-5', 1, [published('There')], by);
    expect((await store.readStream('s-5')).map((event) => event.id)).toEqual([first.id, second.id]);
  });

  it("decides an optimistic like again on the stream as read when another process changed it, keeping the reader's last word", async () => {
    const like = (on: EventStore, liked: boolean) =>
      appendDecision(on, 'story-like-s-6', (history) => decideStoryLike(history, liked, 6, 'reader-6'), by, { optimistic: true });
    const types = async () => (await otherStore.readStream('story-like-s-6')).map((event) => event.type);
    // Liked through the other process: this one, not knowing the stream, likes at version 1, meets that like, reads.
    await like(otherStore, true);
    await expect(like(store, true)).resolves.toBe(true);
    expect(await types()).toEqual([SocialEventType.StoryLiked]);
    // Unliked through the other process: this one still knows it liked, so liking again is no change until it reads.
    await like(otherStore, false);
    await like(store, true);
    expect(await types()).toEqual([SocialEventType.StoryLiked, SocialEventType.StoryUnliked, SocialEventType.StoryLiked]);
  });
});
