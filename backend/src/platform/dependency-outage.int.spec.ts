// The API when its store or Redis stops answering: stalled (SIGSTOP, the connection stays open and nothing answers)
// or down (killed). It runs on a FerretDB and a Redis of this file's own, so stopping them disturbs no other test file.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getConnectionToken } from '@nestjs/mongoose';
import { AccountEventType, bookReadModelId, type BookReadModel, type LoginResponse, ReadModelCollection, SocialEventType, socialStreams } from '@shelf/contracts';
import { listeningApi } from '@test/listening-api';
import { testEnv } from '@test/support';
import mongoose, { type Connection } from 'mongoose';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { connect } from '../../../test/live-sockets';
import { EventStore } from '../event-store/event-store';
import { accessTokenKey } from '../modules/accounts/api/access-token-key';
import { SERVICE_UNAVAILABLE_MESSAGE } from './http/service-unavailable';
import { UserRepository } from '../modules/accounts/infrastructure/user-repository';
import { generateDemoCatalog } from '../demo-catalog/demo-catalog';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the service definitions are CommonJS, shared with npm start
const services = require('../../../scripts/lib/services.cjs') as {
  ferretdb(port: number, dataDir: string): { command: string[]; url: string };
  redis(port: number, dataDir: string): { command: string[]; url: string };
  waitForPort(port: number, timeoutMs?: number): Promise<void>;
};

/** The brief is 2 s; the slack is for a loaded test machine. */
const FAST_MS = 2500;
/** How long a read is waited for before it counts as never answered. */
const NO_ANSWER_MS = 10_000;
const PASSWORD = 'correct horse battery staple';
const COMMENT = 'A calm and lovely chapter, thank you for translating it.';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A FerretDB or redis-server of this file's own, which the tests stall, resume, kill and start again. */
class OwnService {
  private child?: ChildProcess;
  constructor(
    private readonly definition: { command: string[]; url: string },
    readonly port: number,
  ) {}

  get url(): string {
    return this.definition.url;
  }

  async start(): Promise<void> {
    const [command, ...args] = this.definition.command;
    this.child = spawn(command, args, { stdio: 'ignore' });
    await services.waitForPort(this.port);
  }

  stall(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** The process's state as Linux reports it: 'T' while stalled. */
  state(): string {
    return readFileSync(`/proc/${this.child?.pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await exited;
  }
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
  ms: number;
}

describe('the API while the store or Redis is away', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'outage-'));
  let store: OwnService;
  let redis: OwnService;
  let app: NestExpressApplication;
  let base: string;
  let bookId: number;
  let requests = 0;

  /** One call, timed, from its own client address (the per-address limits of registration stay out of the way). */
  const call = async (method: string, path: string, { body, token }: { body?: unknown; token?: string } = {}): Promise<Answer> => {
    requests += 1;
    const started = performance.now();
    const response = await fetch(`${base}/api/${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.88.${Math.floor(requests / 250)}.${(requests % 250) + 1}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answered = (await response.json()) as Record<string, unknown>;
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: answered, ms: Math.round(performance.now() - started) };
  };
  /** A GET of a page or an API answer read as text, timed; status 'no answer' when nothing came within NO_ANSWER_MS. */
  const read = async (path: string): Promise<Omit<Answer, 'body' | 'status'> & { status: number | 'no answer'; text: string }> => {
    const started = performance.now();
    try {
      const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(NO_ANSWER_MS) });
      const text = await response.text();
      return { status: response.status, retryAfter: response.headers.get('retry-after'), text, ms: Math.round(performance.now() - started) };
    } catch (error) {
      // The abort's DOMException comes from another realm than the test's Error.
      if ((error as { name?: unknown }).name !== 'TimeoutError') throw error;
      return { status: 'no answer', retryAfter: null, text: '', ms: Math.round(performance.now() - started) };
    }
  };
  /** A write that needs the store: registering a new reader (a fresh address each time). */
  const register = () =>
    call('POST', 'user/register', { body: { email: `reader.${requests}.${Date.now()}@example.test`, password: PASSWORD, username: `Reader ${requests}`, honeypot: '' } });
  const postComment = (token: string) =>
    call('POST', 'comment/post-comments', { token, body: { book_id: bookId, chapter_id: null, parent_comment_id: null, comment_content: COMMENT, honeypot: '' } });
  const health = () => call('GET', 'health');
  /** Repeats `attempt` until it answers `status`; the site must get there by itself, without a restart. */
  const recovered = async (attempt: () => Promise<Answer>, status = 200, timeoutMs = 15_000): Promise<Answer> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = await attempt();
      if (answer.status === status) return answer;
      if (Date.now() > deadline) throw new Error(`still ${answer.status} ${JSON.stringify(answer.body)} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  /** A verified reader with a fresh access token, made through the API and the account stream (no workers here). */
  const verifiedReader = async (name: string): Promise<string> => {
    const email = `${name}.${Date.now()}@example.test`;
    expect((await call('POST', 'user/register', { body: { email, password: PASSWORD, username: name, honeypot: '' } })).status).toBe(200);
    const login = (await call('POST', 'user/login', { body: { email, password: PASSWORD, honeypot: '' } })).body as unknown as LoginResponse;
    const users = app.get(UserRepository);
    const user = (await users.load(login.user!.user_id))!;
    await users.append(user.userId, user.version, [{ type: AccountEventType.EmailVerified, data: { userId: user.userId } }], user.userId);
    return login.token!;
  };
  const expectServiceUnavailable = (answer: Answer) => {
    expect(answer).toMatchObject({ status: 503, body: { statusCode: 503, message: expect.stringMatching(/temporarily unavailable.*try again/i) } });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(answer.ms).toBeLessThan(FAST_MS);
  };

  beforeAll(async () => {
    const [storePort, redisPort] = [await freePort(), await freePort()];
    store = new OwnService(services.ferretdb(storePort, dataDir), storePort);
    redis = new OwnService(services.redis(redisPort, dataDir), redisPort);
    await Promise.all([store.start(), redis.start()]);
    ({ api: app, base } = await listeningApi(testEnv(__filename, { MONGO_URL: `${store.url}outage`, REDIS_URL: redis.url })));
    // One published book, written straight into its read model (the workers, which would project it, are not running).
    const [{ book }] = generateDemoCatalog({
      books: 1,
      minChapters: 1,
      maxChapters: 1,
      minWordsPerChapter: 40,
      maxWordsPerChapter: 60,
      seed: 5,
      now: new Date(),
    });
    bookId = book.book_id;
    await app
      .get<Connection>(getConnectionToken())
      .collection<BookReadModel>(ReadModelCollection.Books)
      .insertOne({ _id: bookReadModelId(bookId), book_id: bookId, metadata: book, metadataVersion: 1, chapters: {}, published_at: new Date().toISOString() });
  }, 60_000);

  afterAll(async () => {
    store?.resume();
    redis?.resume();
    await app?.close();
    await Promise.all([store?.kill(), redis?.kill()]);
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('answers 503 with Retry-After within 2 s while the store is stalled, names it in health, and recovers on its own', async () => {
    const token = await verifiedReader('stall.store');
    // A public read the response cache remembers.
    expect((await call('GET', `${bookId}-a-book`)).status).toBe(200);
    store.stall();
    try {
      expectServiceUnavailable(await register());
      // Comment routes keep their `success: 0` body.
      const comment = await postComment(token);
      expectServiceUnavailable(comment);
      expect(comment.body).toMatchObject({ success: 0 });
      // A read that needs the store fails as fast; one the cache holds is still answered.
      expectServiceUnavailable(await call('GET', `comment/show-comments?book_id=${bookId}`));
      const cached = await call('GET', `${bookId}-a-book`);
      expect(cached.status).toBe(200);
      expect(cached.ms).toBeLessThan(FAST_MS);
      const report = await health();
      expect(report).toMatchObject({ status: 503, body: { status: 'error', store: 'down', redis: 'up', search: 'up', error: { store: { status: 'down' } } } });
      expect(report.ms).toBeLessThan(FAST_MS);
    } finally {
      store.resume();
    }
    await recovered(register);
    expect((await recovered(health)).body).toMatchObject({ status: 'ok', store: 'up', redis: 'up' });
  }, 60_000);

  it("refuses a token it cannot check while the store is stalled: 503, also at a socket's handshake, never let through", async () => {
    // An account this process has not seen: whether it is erased can only be asked of the store.
    const jwt = new JwtService({ secret: accessTokenKey({ authSecret: process.env.AUTH_SECRET! }), signOptions: { algorithm: 'HS256', expiresIn: '15m' } });
    const token = await jwt.signAsync({ sub: randomUUID(), username: 'Unseen', email: 'unseen@example.test', email_verified: true });
    // A choice without a kind: refused by the route (400) once the token has been checked.
    const choose = () => call('PUT', 'user/digests', { token, body: {} });
    store.stall();
    try {
      const answer = await choose();
      expect(answer).toMatchObject({ status: 503, body: { statusCode: 503, message: expect.stringMatching(/temporarily unavailable.*try again/i) } });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      await expect(connect(base, token)).rejects.toThrow(SERVICE_UNAVAILABLE_MESSAGE);
    } finally {
      store.resume();
    }
    expect((await recovered(choose, 400)).status).toBe(400);
  }, 60_000);

  it('answers a like 503 within 2 s while the store is stalled; the like tried again once it is back is stored once', async () => {
    const token = await verifiedReader('stall.like');
    const like = () => call('POST', 'like/like-book', { token, body: { book_id: bookId } });
    expect((await like()).status).toBe(200);
    expect((await call('POST', 'like/remove-like-book', { token, body: { book_id: bookId } })).status).toBe(200);
    store.stall();
    try {
      // The append waits on the stalled store; the reader is told to try again.
      expectServiceUnavailable(await like());
    } finally {
      store.resume();
    }
    expect((await recovered(like)).body).toMatchObject({ isLiked: true });
    const userId = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;
    const stream = await app.get(EventStore).readStream(socialStreams.storyLike(bookId, userId));
    expect(stream.map((event) => event.type)).toEqual([SocialEventType.StoryLiked, SocialEventType.StoryUnliked, SocialEventType.StoryLiked]);
  }, 60_000);

  it('answers story pages and their API reads 503 with Retry-After within 2 s while the store is stalled, and 200 once it is back', async () => {
    // Well first: the pages render, and the connections to the store are open.
    expect((await read(`/${bookId}-a-book`)).status).toBe(200);
    expect((await read(`/api/${bookId}-a-book`)).status).toBe(200);
    store.stall();
    try {
      // Addresses neither the response cache nor the page cache holds: each must ask the stalled store.
      const [page, api] = await Promise.all([read(`/${bookId}-a-stalled-page`), read(`/api/${bookId}-a-stalled-read`)]);
      const seen = (answer: typeof page) => ({ status: answer.status, fast: answer.ms < FAST_MS, retryAfter: Number(answer.retryAfter) > 0, text: answer.text });
      // The store's state beside the answers: a 200 from a store that is not stalled is the test's fault, not the API's.
      expect({ answers: [seen(page), seen(api)], store: store.state() }).toEqual({
        answers: Array(2).fill({ status: 503, fast: true, retryAfter: true, text: expect.stringMatching(/temporarily unavailable.*try again/i) }),
        store: 'T',
      });
      // The page is the site's own, drawn from the refusal: the browser shows it and asks the API again.
      expect(page.text).toContain('"error":{"status":503,');
    } finally {
      store.resume();
    }
    const back = async (path: string) => {
      const answer = await read(path);
      return { ...answer, status: answer.status === 'no answer' ? 0 : answer.status, body: {} };
    };
    expect((await recovered(() => back(`/${bookId}-a-stalled-page`))).status).toBe(200);
    expect((await recovered(() => back(`/api/${bookId}-a-stalled-read`))).status).toBe(200);
  }, 60_000);

  it('answers 503 within 2 s when a write needs a stalled Redis, keeps rate-limited routes working, and recovers', async () => {
    const email = `stall.redis.${Date.now()}@example.test`;
    expect((await call('POST', 'user/register', { body: { email, password: PASSWORD, username: 'stall redis', honeypot: '' } })).status).toBe(200);
    const token = await verifiedReader('stall.redis');
    redis.stall();
    try {
      // The comment cooldown lives in Redis: no posting without it.
      const comment = await postComment(token);
      expectServiceUnavailable(comment);
      expect(comment.body).toMatchObject({ success: 0 });
      // The login limits count in memory meanwhile, so logging in still works, as fast.
      const login = await call('POST', 'user/login', { body: { email, password: PASSWORD, honeypot: '' } });
      expect(login.status).toBe(200);
      expect(login.ms).toBeLessThan(FAST_MS);
      const report = await health();
      expect(report).toMatchObject({ status: 503, body: { status: 'error', store: 'up', redis: 'down', search: 'up', error: { redis: { status: 'down' } } } });
      expect(report.ms).toBeLessThan(FAST_MS);
    } finally {
      redis.resume();
    }
    // The cooldown the failed post may have started once Redis woke up is given back: the reader can post at once.
    expect((await recovered(() => postComment(token))).body).toMatchObject({ success: 1 });
    expect((await recovered(health)).body).toMatchObject({ status: 'ok' });
  }, 60_000);

  it('answers 503 within 2 s while the store is down, and reconnects when it is back', async () => {
    await store.kill();
    try {
      expectServiceUnavailable(await register());
      const report = await health();
      expect(report).toMatchObject({ status: 503, body: { store: 'down', redis: 'up' } });
      expect(report.ms).toBeLessThan(FAST_MS);
    } finally {
      await store.start();
    }
    await recovered(register);
    expect((await recovered(health)).body).toMatchObject({ status: 'ok' });
  }, 60_000);

  it('answers 503 within 2 s when a write needs Redis while it is down, and reconnects when it is back', async () => {
    const token = await verifiedReader('down.redis');
    await redis.kill();
    try {
      expectServiceUnavailable(await postComment(token));
      const report = await health();
      expect(report).toMatchObject({ status: 503, body: { store: 'up', redis: 'down' } });
      expect(report.ms).toBeLessThan(FAST_MS);
    } finally {
      await redis.start();
    }
    expect((await recovered(() => postComment(token))).body).toMatchObject({ success: 1 });
    expect((await recovered(health)).body).toMatchObject({ status: 'ok' });
  }, 60_000);

  it('keeps the rate limits while Redis is down, counting in memory: past one, 429, never a 5xx', async () => {
    const token = await verifiedReader('limited.redis');
    const statusesOf = async (count: number, attempt: (i: number) => Promise<Answer>) => {
      const statuses = [];
      for (let i = 0; i < count; i++) statuses.push((await attempt(i)).status);
      return statuses;
    };
    await redis.kill();
    try {
      // Per account (each attempt from its own address), counted by the user controller.
      const logIns = await statusesOf(11, (i) => call('POST', 'user/login', { body: { email: 'limited@example.test', password: `guess ${i}`, honeypot: '' } }));
      expect(logIns).toEqual([...Array(10).fill(401), 429]);
      // Per reader, counted by the throttler's guard; the comment does not exist, so each report below the limit is a 404.
      const reports = await statusesOf(21, () => call('POST', 'comment/report-comments', { token, body: { comment_id: randomUUID(), reason: 'spam' } }));
      expect(reports).toEqual([...Array(20).fill(404), 429]);
      // Per address (SEARCH_RATE_LIMIT, 20 in 10 s), counted by the front door.
      const searches = await statusesOf(21, async () => {
        const response = await fetch(`${base}/api/searchbook?keyword=calm`, { headers: { 'x-forwarded-for': '10.89.0.1' } });
        return { status: response.status, retryAfter: null, body: {}, ms: 0 };
      });
      expect(searches).toEqual([...Array(20).fill(200), 429]);
    } finally {
      await redis.start();
    }
  }, 60_000);

  it('starts when the store stalls for seconds right after it connects, once it answers again', async () => {
    const before = new Set(mongoose.connections);
    const started = listeningApi(testEnv(__filename, { MONGO_URL: `${store.url}outage`, REDIS_URL: redis.url }));
    const outcome = started.then(
      () => 'started',
      (error: unknown) => `failed: ${String(error)}`,
    );
    // Stalled as soon as the new API's connection is open: its first calls (making the log's collections) meet a store
    // that does not answer for longer than the request bound (2.5 s).
    while (!mongoose.connections.some((connection) => !before.has(connection) && connection.readyState === mongoose.ConnectionStates.connected)) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    store.stall();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    store.resume();
    expect(await outcome).toBe('started');
    const second = await started;
    try {
      expect((await fetch(`${(await second.api.getUrl()).replace('[::1]', '127.0.0.1')}/api/health`)).status).toBe(200);
    } finally {
      await second.api.close();
    }
  }, 60_000);
});
