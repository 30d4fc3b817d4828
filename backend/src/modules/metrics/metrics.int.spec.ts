// GET /metrics on the API as createApp builds it, against the real FerretDB and Redis: the bearer token, the request
// metrics of answers from Express and from the front door, and the scrape-time metrics of queues, projections and
// e-mail, with the workers of the site started and stopped beside it.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { getConnectionToken } from '@nestjs/mongoose';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AccountEventType, MailCollection, MailJobName, QueueName } from '@shelf/contracts';
import { PersonalKeys, UnopenableField } from '@shelf/server-config';
import { listeningApi } from '@test/listening-api';
import { testEnv } from '@test/support';
import { Queue, QueueEvents, Worker } from 'bullmq';
import type { Connection } from 'mongoose';
import { createServer } from 'node:net';
import { connect } from '../../../../test/live-sockets';
import { projectionsDone } from '../../../../test/site-harness';
import { type Projector, PROJECTORS } from '../../../../workers/src/engine';
import { WorkersModule } from '../../../../workers/src/workers.module';
import { SaveBookCommand } from '../catalog/application/save-book.command';
import { SaveChapterCommand } from '../catalog/application/save-chapter.command';
import { generateDemoCatalog } from '../../demo-catalog/demo-catalog';

const TOKEN = 'metrics-token-for-the-integration-test';

/** One sample of the scrape, by metric name and exactly these labels; undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    const same = Object.keys(found).length === Object.keys(labels).length && Object.entries(labels).every(([key, value]) => found[key] === value);
    if (same) return Number(match[3]);
  }
  return undefined;
}

/** The projector labels of shelf_projection_lag_events, with their values. */
const lagOf = (text: string): Record<string, number> =>
  Object.fromEntries([...text.matchAll(/^shelf_projection_lag_events\{projector="([^"]+)"\} (\S+)$/gm)].map(([, projector, value]) => [projector, Number(value)]));

const scrape = async (base: string, token = TOKEN) => {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return response.text();
};

/** A port that accepts nothing: bound, then closed before the app starts. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('GET /metrics', () => {
  it('answers 404 with a message when METRICS_TOKEN is unset', async () => {
    const { api: app, base } = await listeningApi(testEnv(__filename, { METRICS_TOKEN: undefined }));
    try {
      const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ statusCode: 404, message: 'Metrics are off: set METRICS_TOKEN.' });
    } finally {
      await app.close();
    }
  });

  describe('with a token', () => {
    const env = testEnv(__filename, { METRICS_TOKEN: TOKEN, SEARCH_RATE_LIMIT: '1' });
    let app: NestExpressApplication;
    let base: string;
    let store: Connection;

    beforeAll(async () => {
      ({ api: app, base } = await listeningApi(env));
      store = app.get<Connection>(getConnectionToken());
    });

    afterAll(async () => {
      const queue = new Queue(QueueName.Mail, { connection: { url: env.REDIS_URL }, prefix: env.QUEUE_PREFIX });
      await queue.obliterate({ force: true });
      await queue.close();
      await store.dropDatabase();
      await app.close();
    });

    it.each([
      ['without a token', {}, 'Bearer realm="Novel Shelf metrics"'],
      ['with a wrong token', { authorization: `Bearer ${TOKEN}x` }, 'Bearer realm="Novel Shelf metrics", error="invalid_token"'],
      ['with the token as Basic credentials', { authorization: `Basic ${Buffer.from(TOKEN).toString('base64')}` }, 'Bearer realm="Novel Shelf metrics", error="invalid_token"'],
    ])('answers 401 %s', async (_case, headers, challenge) => {
      const response = await fetch(`${base}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(challenge);
      expect(await response.json()).toEqual({ statusCode: 401, message: 'The metrics need the bearer token METRICS_TOKEN (Authorization: Bearer …).' });
    });

    it('counts requests by route pattern and status, those the front door answers included', async () => {
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      expect((await fetch(`${base}/api/12345-no-such-book`)).status).toBe(404);
      expect((await fetch(`${base}/api/no/such/thing/here`)).status).toBe(404);
      // The limit is one search per 10 s: the second is refused by the front door, before Express.
      expect((await fetch(`${base}/api/searchbook?keyword=a`)).status).toBe(200);
      expect((await fetch(`${base}/api/searchbook?keyword=b`)).status).toBe(429);
      // The second is answered from the response cache, by the front door.
      for (let i = 0; i < 2; i++) expect((await fetch(`${base}/api/genre/Romance?pageNum=1`)).status).toBe(200);

      const text = await scrape(base);
      expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(1);
      expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/:bookIdSlug', status: '404' })).toBe(1);
      expect(sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
      expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/searchbook', status: '200' })).toBe(1);
      expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/searchbook', status: '429' })).toBe(1);
      expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/:first/:second', status: '200' })).toBe(2);
      expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status: '200' })).toBe(1);
      // Never a raw URL as a label.
      expect(text).not.toContain('no-such-book');
      // The scrapes themselves are counted once answered; the 401s above were.
      expect(sample(text, 'http_requests_total', { method: 'GET', route: '/metrics', status: '401' })).toBe(3);
      // Node's own metrics, under prom-client's default names.
      expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    });

    it('reports queue depths and the failed jobs of the mail queue', async () => {
      const connection = { url: env.REDIS_URL };
      const queue = new Queue(QueueName.Mail, { connection, prefix: env.QUEUE_PREFIX });
      const events = new QueueEvents(QueueName.Mail, { connection, prefix: env.QUEUE_PREFIX });
      // A processor that always fails, standing in for an SMTP server that refuses everything.
      const worker = new Worker(
        QueueName.Mail,
        () => {
          throw new Error('550 mailbox unavailable');
        },
        { connection, prefix: env.QUEUE_PREFIX },
      );
      try {
        await events.waitUntilReady();
        const job = await queue.add(MailJobName.Send, { key: 'mail-metrics' }, { attempts: 1, jobId: 'mail-metrics' });
        await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow('550 mailbox unavailable');
      } finally {
        await Promise.all([worker.close(), events.close(), queue.close()]);
      }

      const text = await scrape(base);
      expect(sample(text, 'shelf_queue_jobs', { queue: 'mail', state: 'failed' })).toBe(1);
      expect(sample(text, 'shelf_queue_jobs', { queue: 'mail', state: 'waiting' })).toBe(0);
      for (const queueName of Object.values(QueueName)) expect(sample(text, 'shelf_queue_jobs', { queue: queueName, state: 'active' })).toBe(0);
      expect(sample(text, 'shelf_dependency_up', { dependency: 'redis' })).toBe(1);
    });

    it("counts the store's sent, waiting and failed e-mail, parked events, unopenable fields and connected sockets", async () => {
      await store.collection(MailCollection.Sent).insertMany([{ _id: 'mail-a' }, { _id: 'mail-b' }] as never[]);
      // A name sealed for one event of its owner, moved into another: it does not open, and is counted.
      const keys = app.get(PersonalKeys);
      const by = { actor: 'reader-m', correlationId: 'metrics', causationId: null };
      const { username } = (await keys.seal(AccountEventType.UsernameChanged, { userId: 'reader-m', username: 'Metered' }, by)) as { username: string };
      const data = { userId: 'reader-m', email: '', username, credentialId: 'c' };
      const moved = { _id: 'user-reader-m:0000000002', eventId: 'e-moved', streamId: 'user-reader-m', version: 2, type: AccountEventType.UserRegisteredV2, data, metadata: by, occurredAt: new Date() };
      await expect(keys.open(moved)).rejects.toThrow(UnopenableField);
      await store.collection(MailCollection.Outbox).insertMany([{ _id: 'mail-c', state: 'sending' }, { _id: 'mail-d', state: 'failed' }] as never[]);
      await store.collection('projection_parked').insertOne({ _id: 'catalog:some-event' } as never);

      expect(sample(await scrape(base), 'shelf_connected_sockets')).toBe(0);
      const socket = await connect(base);
      let text: string;
      try {
        text = await scrape(base);
      } finally {
        socket.close();
      }
      expect(sample(text, 'shelf_emails_sent_total')).toBe(2);
      expect(sample(text, 'shelf_emails_outbox')).toBe(2);
      // The outbox's entries that failed every try, from the store: a Redis restarted empty does not hide them.
      expect(sample(text, 'shelf_emails_failed')).toBe(1);
      expect(sample(text, 'shelf_parked_events')).toBe(1);
      expect(sample(text, 'shelf_personal_fields_unopenable_total')).toBe(1);
      expect(sample(text, 'shelf_connected_sockets')).toBe(1);
      expect(sample(text, 'shelf_dependency_up', { dependency: 'store' })).toBe(1);
    });

    it('reports how far each projector is behind the log, and back to 0 once the workers caught up', async () => {
      const commands = app.get(CommandBus);
      const by = { actor: 'test', correlationId: 'metrics', causationId: null };
      const [first, second] = generateDemoCatalog({ books: 2, minChapters: 1, maxChapters: 1, minWordsPerChapter: 40, maxWordsPerChapter: 60, seed: 5, now: new Date() });
      const publish = async ({ book, chapters }: typeof first) => {
        await commands.execute(new SaveBookCommand(book, by));
        for (const chapter of chapters) await commands.execute(new SaveChapterCommand(chapter, by));
      };
      const runWorkers = async (): Promise<string[]> => {
        const workers: INestApplicationContext = await NestFactory.createApplicationContext(WorkersModule.register(env), { logger: ['error'] });
        try {
          await projectionsDone(store, workers);
          return workers.get<Projector[]>(PROJECTORS).map((projector) => projector.name);
        } finally {
          await workers.close();
        }
      };

      await publish(first);
      const projectors = await runWorkers();
      const caughtUp = await scrape(base);
      const head = sample(caughtUp, 'shelf_event_log_head')!;
      expect(head).toBeGreaterThan(0);
      expect(lagOf(caughtUp)).toEqual(Object.fromEntries(projectors.map((name) => [name, 0])));

      // The workers are stopped: what is appended now waits for them.
      await publish(second);
      const behind = await scrape(base);
      const appended = sample(behind, 'shelf_event_log_head')! - head;
      expect(appended).toBeGreaterThan(0);
      expect(lagOf(behind)).toEqual(Object.fromEntries(projectors.map((name) => [name, appended])));

      await runWorkers();
      expect(lagOf(await scrape(base))).toEqual(Object.fromEntries(projectors.map((name) => [name, 0])));

      // A projected book page, asked twice: the second answer comes from the front door's cache, under the same route.
      expect((await fetch(`${base}/api/${second.book.book_id}`)).status).toBe(200);
      expect((await fetch(`${base}/api/${second.book.book_id}`)).status).toBe(200);
      expect(sample(await scrape(base), 'http_requests_total', { method: 'GET', route: '/api/:bookIdSlug', status: '200' })).toBe(2);
    }, 90_000);
  });

  it('answers within the deadline while Redis is away, with shelf_dependency_up 0 and without the queue metrics', async () => {
    const env = testEnv(__filename, { METRICS_TOKEN: TOKEN, REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    const { api: app, base } = await listeningApi(env);
    try {
      const text = await scrape(base);
      expect(sample(text, 'shelf_dependency_up', { dependency: 'redis' })).toBe(0);
      expect(sample(text, 'shelf_dependency_up', { dependency: 'store' })).toBe(1);
      expect(text).not.toMatch(/^shelf_queue_jobs\{/m);
      expect(sample(text, 'shelf_emails_failed')).toBe(0);
      expect(sample(text, 'shelf_parked_events')).toBe(0);
      expect(sample(text, 'shelf_personal_fields_unopenable_total')).toBe(0);
    } finally {
      await app.get<Connection>(getConnectionToken()).dropDatabase();
      await app.close();
    }
  });
});
