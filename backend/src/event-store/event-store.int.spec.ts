import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import { type AnyDomainEvent, EventLogCollection, QueueName } from '@shelf/contracts';
import { testServiceEnv } from '@test/support';
import { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import { CatalogueCliModule } from '../modules/catalog/cli/catalogue-cli.module';
import { ConcurrencyError } from './concurrency-error';
import { EventStore } from './event-store';

const by = { actor: 'test', correlationId: 'c1', causationId: null };
const published = (name: string) => ({ type: 'book.published.v1' as const, data: { english_book_name: name } as never });

describe('EventStore', () => {
  const env = testServiceEnv(__filename);
  let app: INestApplicationContext;
  let store: EventStore;
  let queue: Queue;
  let connection: Connection;

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(CatalogueCliModule.register(env), { logger: ['error'] });
    store = app.get(EventStore);
    connection = app.get<Connection>(getConnectionToken());
    queue = new Queue(QueueName.Events, { connection: { url: env.redisUrl }, prefix: env.queuePrefix });
  });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await connection.dropDatabase();
    await app.close();
  });

  it('numbers a stream from 1, reads it back in order and queues each event under its id', async () => {
    const [first] = await store.append('s-1', 0, [published('One')], by);
    const [second] = await store.append('s-1', 1, [published('Two')], by);
    expect([first.version, second.version]).toEqual([1, 2]);
    expect((await store.readStream('s-1')).map((event: AnyDomainEvent) => event.id)).toEqual([first.id, second.id]);
    expect((await queue.getJob(second.id))?.data).toMatchObject({ id: second.id, streamId: 's-1', version: 2 });
    expect(await connection.collection(EventLogCollection.Outbox).countDocuments()).toBe(0);
  });

  it('rejects an append behind the stream head with ConcurrencyError and stores nothing of it', async () => {
    await store.append('s-2', 0, [published('First writer')], by);
    await expect(store.append('s-2', 0, [published('Second writer')], by)).rejects.toBeInstanceOf(ConcurrencyError);
    const stream = await store.readStream('s-2');
    expect(stream.map((event) => (event.data as { english_book_name: string }).english_book_name)).toEqual(['First writer']);
    expect(await connection.collection(EventLogCollection.Outbox).countDocuments()).toBe(0);
  });

  it('stores an event id once when the same append is repeated', async () => {
    const event = { ...published('Retried'), id: '7f1c1d6e-5a43-4c1e-9a55-1b0d5b7a0c11' };
    await store.append('s-3', 0, [event], by);
    const again = await store.append('s-3', 0, [event], by);
    expect(again[0].id).toBe(event.id);
    expect(await store.readStream('s-3')).toHaveLength(1);
    expect(await connection.collection(EventLogCollection.Events).countDocuments({ eventId: event.id })).toBe(1);
  });

  it('lets exactly one of many concurrent appends at the same version win', async () => {
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => store.append('s-4', 0, [published(`Writer ${i}`)], by)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'rejected' && result.reason instanceof ConcurrencyError)).toHaveLength(4);
    expect(await store.readStream('s-4')).toHaveLength(1);
  });
});
