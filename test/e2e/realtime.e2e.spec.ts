// The live channel and the queue dashboard's Basic fallback end to end, on the real Redis and store: two API processes share one
// Redis, so a push from the workers' emitter (or from the other API process) reaches a socket wherever it is
// connected. The sockets are real socket.io clients; every wait is for an event or an acknowledgement.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  type ClientToServerEvents,
  type CommentPush,
  LivePush,
  LiveRequest,
  liveReadersRedisKey,
  type LoginResponse,
  mailJobOptions,
  MailJobName,
  QueueName,
  RealtimeRoom,
} from '@shelf/contracts';
import { readEnv } from '@shelf/server-config';
import { testEnv } from '@test/support';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { createHmac } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { listeningApi } from '@test/listening-api';
import { accessTokenKey } from '../../backend/src/modules/accounts/api/access-token-key';
import { RealtimeGateway } from '../../backend/src/realtime/realtime.gateway';
import { serviceEnvSchema } from '../../workers/src/config/service-env.schema';
import { LiveEmitter } from '../../workers/src/realtime/live-emitter';
import { MailOutbox } from '../../workers/src/mail/mail-outbox';
import { WorkersModule } from '../../workers/src/workers.module';
import { connect, LIVE_TIMEOUT_MS, type LiveSocket, next } from '../live-sockets';

const env = testEnv(__filename);
const admin = { user: 'operator', password: 'a long operator passphrase' };

/** Joins or leaves a thread with whatever payload a client might send (so, untyped), and returns the acknowledgement. */
const ask = (socket: LiveSocket, event: keyof ClientToServerEvents, ...payload: unknown[]): Promise<unknown> =>
  (socket as unknown as Socket).timeout(LIVE_TIMEOUT_MS).emitWithAck(event, ...payload);

/** An HS256 token with these claims, signed with `key` (for the refused cases; real tokens come from log-in). */
function signed(claims: object, key: string): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
}

const comment = (commentId: string, thread: CommentPush['thread']): CommentPush => ({
  thread,
  comment: {
    comment_id: commentId,
    book_id: thread.book_id,
    chapter_id: thread.chapter_id,
    parent_comment_id: null,
    comment_content: 'A first comment on this lovely story, live.',
    comment_time: '2026-11-22T06:00:00.000Z',
    username: 'Reader One',
    email_hash: 'a'.repeat(64),
    user_id: 'u1',
    like_count: 0,
    report_count: 0,
    deleted_comment: false,
  },
});

describe('the live channel across two API processes', () => {
  // The two API processes share everything but the dashboard credentials: A has none, B has them.
  const envA = { ...env, ADMIN_USER: undefined, ADMIN_PASSWORD: undefined };
  const envB = { ...env, ADMIN_USER: admin.user, ADMIN_PASSWORD: admin.password };
  let apiA: NestExpressApplication;
  let apiB: NestExpressApplication;
  let baseA: string;
  let baseB: string;
  let emitter: LiveEmitter;
  const sockets: LiveSocket[] = [];
  const open = async (token?: string) => {
    const socket = await connect(baseB, token);
    sockets.push(socket);
    return socket;
  };

  /** Registers and logs in through API A: the access token as the accounts module issues it. */
  async function logIn(email: string): Promise<LoginResponse & { user: { user_id: string } }> {
    const post = (path: string, body: object) =>
      fetch(`${baseA}/api/user/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const password = 'correct horse battery staple';
    expect((await post('register', { email, password, username: email.split('@')[0], honeypot: '' })).status).toBe(200);
    const login = await post('login', { email, password, honeypot: '' });
    expect(login.status).toBe(200);
    return (await login.json()) as LoginResponse & { user: { user_id: string } };
  }

  beforeAll(async () => {
    ({ api: apiA, base: baseA } = await listeningApi(envA));
    ({ api: apiB, base: baseB } = await listeningApi(envB));
    emitter = new LiveEmitter(readEnv(serviceEnvSchema, env));
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await emitter.beforeApplicationShutdown();
    await apiA.get<Connection>(getConnectionToken()).dropDatabase();
    await apiA.close();
    await apiB.close();
  });

  it("delivers a user's badge counts to the socket holding their token, on the other API process", async () => {
    const { token, user } = await logIn('live.reader@example.test');
    const reader = await open(token);
    const visitor = await open();
    const seenByVisitor: string[] = [];
    visitor.onAny((event: string) => seenByVisitor.push(event));
    const thread = { book_id: 4, chapter_id: null };
    expect(await ask(visitor, LiveRequest.ThreadJoin, thread)).toEqual({ ok: true });

    // From API process A's socket.io server: it reaches B only through the Redis adapter.
    const fromA = next(reader, LivePush.BadgesChanged);
    apiA.get(RealtimeGateway).server.to(RealtimeRoom.user(user.user_id)).emit(LivePush.BadgesChanged, { unreadReplies: 1, uncheckedUpdates: 0 });
    expect(await fromA).toEqual({ unreadReplies: 1, uncheckedUpdates: 0 });

    // From the workers' emitter.
    const fromWorkers = next(reader, LivePush.BadgesChanged);
    emitter.badgesChanged(user.user_id, { unreadReplies: 2, uncheckedUpdates: 5 });
    expect(await fromWorkers).toEqual({ unreadReplies: 2, uncheckedUpdates: 5 });

    // The visitor is in no user room: of a badge push and a later comment push (one Redis connection, delivered in
    // order), it gets only the comment.
    const commentArrived = next(visitor, LivePush.CommentCreated);
    emitter.badgesChanged(user.user_id, { unreadReplies: 3, uncheckedUpdates: 5 });
    emitter.comment('created', comment('c0', thread), 'u1');
    await commentArrived;
    expect(seenByVisitor).toEqual([LivePush.CommentCreated]);
  });

  it('tells the workers which readers have a live socket, so only their badge counts are worked out', async () => {
    const { token, user } = await logIn('present.reader@example.test');
    const away = await logIn('away.reader@example.test');
    expect(await emitter.present([user.user_id, away.user.user_id])).toEqual([]);
    await open(token);
    // Recorded during the handshake, before the socket connected.
    expect(await emitter.present([user.user_id, away.user.user_id])).toEqual([user.user_id]);
    // Redis emptied: nobody counts as present until the API process confirms its readers again (every 10 s).
    const redis = new Redis(env.REDIS_URL);
    try {
      await redis.del(liveReadersRedisKey(readEnv(serviceEnvSchema, env).queuePrefix));
      expect(await emitter.present([user.user_id])).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  it('refuses an expired, forged or malformed token at connection, with the reason', async () => {
    const claims = { sub: 'someone', username: 'x', email: 'x@example.test', email_verified: true };
    const now = Math.floor(Date.now() / 1000);
    await expect(connect(baseB, signed({ ...claims, exp: now - 60 }, accessTokenKey({ authSecret: env.AUTH_SECRET })))).rejects.toThrow('Your session has expired. Please log in again.');
    await expect(connect(baseB, signed({ ...claims, exp: now + 60 }, 'not the key'))).rejects.toThrow('Please log in to continue.');
    await expect(connect(baseB, 'not.a.jwt')).rejects.toThrow('Please log in to continue.');
    await expect(connect(baseB, 42 as unknown as string)).rejects.toThrow('Please log in to continue.');
  });

  it('lets a visitor follow book and chapter threads and pushes their comment events', async () => {
    const visitor = await open();
    const book = { book_id: 7, chapter_id: null };
    const chapter = { book_id: 7, chapter_id: 3 };
    expect(await ask(visitor, LiveRequest.ThreadJoin, book)).toEqual({ ok: true });
    expect(await ask(visitor, LiveRequest.ThreadJoin, chapter)).toEqual({ ok: true });

    const created = next(visitor, LivePush.CommentCreated);
    emitter.comment('created', comment('c1', book), 'u1');
    expect(await created).toEqual(comment('c1', book));

    const liked = next(visitor, LivePush.CommentLikeCount);
    emitter.likeCount(chapter, 'c2', 4);
    expect(await liked).toEqual({ thread: chapter, comment_id: 'c2', like_count: 4 });

    // After leaving the book thread, its pushes stop; the chapter's still come (in publish order, after it).
    expect(await ask(visitor, LiveRequest.ThreadLeave, book)).toEqual({ ok: true });
    const seen: string[] = [];
    visitor.onAny((event: string, push: CommentPush) => seen.push(`${event} ${push.thread.chapter_id}`));
    const removed = next(visitor, LivePush.CommentRemoved);
    emitter.comment('edited', comment('c1', book), 'u1');
    emitter.comment('removed', comment('c3', chapter), 'u1');
    await removed;
    expect(seen).toEqual([`${LivePush.CommentRemoved} 3`]);
  });

  it('answers a bad thread with {ok:false} and a reason, and keeps the connection', async () => {
    const socket = await open();
    expect(await ask(socket, LiveRequest.ThreadJoin, { book_id: -1, chapter_id: null })).toEqual({ ok: false, message: 'book_id must be a positive integer.' });
    expect(await ask(socket, LiveRequest.ThreadJoin, { book_id: 1, chapter_id: '2' })).toEqual({
      ok: false,
      message: 'chapter_id must be a positive integer, or null for a book-level thread.',
    });
    expect(await ask(socket, LiveRequest.ThreadLeave, 'book-1')).toEqual({ ok: false, message: 'A thread is an object with book_id and chapter_id.' });
    expect(await ask(socket, LiveRequest.ThreadJoin)).toEqual({ ok: false, message: 'A thread is an object with book_id and chapter_id.' });
    expect(socket.connected).toBe(true);
    expect(await ask(socket, LiveRequest.ThreadJoin, { book_id: 1, chapter_id: 2 })).toEqual({ ok: true });
  });

  it('caps the threads one connection follows at 20', async () => {
    const socket = await open();
    for (let book = 1; book <= 20; book++) expect(await ask(socket, LiveRequest.ThreadJoin, { book_id: book, chapter_id: null })).toEqual({ ok: true });
    expect(await ask(socket, LiveRequest.ThreadJoin, { book_id: 21, chapter_id: null })).toEqual({
      ok: false,
      message: 'One connection can follow at most 20 comment threads. Leave one first.',
    });
    expect(await ask(socket, LiveRequest.ThreadJoin, { book_id: 20, chapter_id: null })).toEqual({ ok: true });
    expect(await ask(socket, LiveRequest.ThreadLeave, { book_id: 1, chapter_id: null })).toEqual({ ok: true });
    expect(await ask(socket, LiveRequest.ThreadJoin, { book_id: 21, chapter_id: null })).toEqual({ ok: true });
  });

  describe('the queue dashboard', () => {
    const authorization = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const right = { authorization: authorization(admin.user, admin.password) };

    it('opens only to an operator session without ADMIN_USER / ADMIN_PASSWORD (no Basic fallback)', async () => {
      const signIn = { statusCode: 401, message: 'The queue dashboard is for operators: sign in and open it from the moderation page (/admin/moderation).' };
      for (const headers of [{}, right]) {
        const response = await fetch(`${baseA}/admin/queues/api/queues`, { headers });
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBeNull();
        expect(await response.json()).toEqual(signIn);
      }
    });

    it('asks for the credentials (401) and refuses wrong ones', async () => {
      for (const headers of [{} as Record<string, string>, { authorization: authorization(admin.user, 'a wrong passphrase') }, { authorization: authorization('root', admin.password) }]) {
        const response = await fetch(`${baseB}/admin/queues/api/queues`, { headers });
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Basic realm="Novel Shelf queues", charset="UTF-8"');
        expect(await response.json()).toEqual({ statusCode: 401, message: 'The queue dashboard needs the operator user name and password.' });
      }
    });

    it('refuses an address after 10 wrong log-ins (429, right credentials too), while other addresses still get in', async () => {
      const guesser = { 'x-forwarded-for': '10.66.0.1' };
      for (let i = 0; i < 10; i++) {
        const wrong = await fetch(`${baseB}/admin/queues/api/queues`, { headers: { ...guesser, authorization: authorization(admin.user, `guess ${i}`) } });
        expect(wrong.status).toBe(401);
      }
      const locked = await fetch(`${baseB}/admin/queues/api/queues`, { headers: { ...guesser, ...right } });
      expect(locked.status).toBe(429);
      expect(await locked.json()).toEqual({ statusCode: 429, message: 'Too many wrong log-ins to the queue dashboard. Please wait 15 minutes and try again.' });
      expect((await fetch(`${baseB}/admin/queues/api/queues`, { headers: { 'x-forwarded-for': '10.66.0.2', ...right } })).status).toBe(200);
    });

    it('shows the board and the digests, events, mail and parked-events queues with the right credentials', async () => {
      const page = await fetch(`${baseB}/admin/queues`, { headers: right });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const { queues } = (await (await fetch(`${baseB}/admin/queues/api/queues`, { headers: right })).json()) as { queues: { name: string }[] };
      expect(queues.map((queue) => queue.name).sort()).toEqual([QueueName.Digests, QueueName.Events, QueueName.Mail, QueueName.Parked]);
    });

    describe('with the workers sending mail to an SMTP server that refuses it', () => {
      let workers: INestApplicationContext;
      let mail: Queue;
      let mailEvents: QueueEvents;

      beforeAll(async () => {
        workers = await NestFactory.createApplicationContext(WorkersModule.register({ ...env, SMTP_URL: 'smtp://127.0.0.1:9' }), { logger: false });
        mail = new Queue(QueueName.Mail, { connection: { url: env.REDIS_URL }, prefix: env.QUEUE_PREFIX });
        mailEvents = new QueueEvents(QueueName.Mail, { connection: { url: env.REDIS_URL }, prefix: env.QUEUE_PREFIX });
        await mailEvents.waitUntilReady();
      });

      afterAll(async () => {
        await mailEvents.close();
        await mail.close();
        await workers.close();
      });

      it('lists the failed job with its attempts and error', async () => {
        await workers
          .get(MailOutbox)
          .enqueue('mail-never-delivered', { userId: 'nobody', to: 'nobody@example.test', subject: 'Hello', text: 'Never delivered.' }, { ...mailJobOptions, attempts: 2, backoff: { type: 'fixed', delay: 10 } });
        let job = await mail.getJob('mail-never-delivered');
        for (let tries = 0; !job && tries < 50; tries++) job = await new Promise((resolve) => setTimeout(resolve, 100)).then(() => mail.getJob('mail-never-delivered'));
        if (!job) throw new Error('the job was not queued');
        // Settles when the job is finally failed, after its retry.
        await expect(job.waitUntilFinished(mailEvents, 20_000)).rejects.toThrow(/ECONNREFUSED/);
        const response = await fetch(`${baseB}/admin/queues/api/queues?activeQueue=${QueueName.Mail}&status=failed&page=1&jobsPerPage=10`, { headers: right });
        expect(response.status).toBe(200);
        const { queues } = (await response.json()) as { queues: { name: string; counts: Record<string, number>; jobs: Record<string, unknown>[] }[] };
        const listed = queues.find((queue) => queue.name === QueueName.Mail)!;
        expect(listed.counts.failed).toBe(1);
        expect(listed.jobs).toEqual([expect.objectContaining({ id: job.id, name: MailJobName.Send, data: { key: job.id }, attempts: 2, failedReason: expect.stringMatching(/ECONNREFUSED/) })]);
      });
    });
  });
});
