// The rate limits across two API processes sharing one Redis, as docker-compose runs them: a client that spreads its
// requests over both is counted once. Each case uses its own client address (X-Forwarded-For, trusted from loopback).
import { JwtService } from '@nestjs/jwt';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { listeningApi } from '@test/listening-api';
import { testEnv } from '@test/support';
import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_LIFETIME, accessTokenKey } from '../../modules/accounts/api/access-token-key';
import { RedisClient } from '../redis-client';
import type { RateLimitStorage } from './rate-limit-storage';

const admin = { user: 'operator', password: 'a long operator passphrase' };
const env = testEnv(__filename, { SEARCH_RATE_LIMIT: '2', ADMIN_USER: admin.user, ADMIN_PASSWORD: admin.password });
const basic = (password: string) => `Basic ${Buffer.from(`${admin.user}:${password}`).toString('base64')}`;

describe('the rate limits across two API processes', () => {
  const bases: string[] = [];
  const apps: NestExpressApplication[] = [];

  /** The `i`th request of a series, sent to the processes in turn. */
  const call = async (i: number, path: string, { client, body, headers = {} }: { client: string; body?: object; headers?: Record<string, string> }) => {
    const response = await fetch(`${bases[i % 2]}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...headers },
      body: body && JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const series = async (count: number, send: (i: number) => ReturnType<typeof call>) => {
    const answers = [];
    for (let i = 0; i < count; i++) answers.push(await send(i));
    return answers;
  };

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const { api, base } = await listeningApi(env);
      apps.push(api);
      bases.push(base);
    }
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('counts searches per client address before the response cache', async () => {
    const answers = await series(3, (i) => call(i, '/api/searchbook?keyword=sea', { client: '10.70.0.1' }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expect(answers[2].body).toEqual({ statusCode: 429, message: 'You are searching too fast. Please wait a few seconds and try again.' });
    expect((await call(0, '/api/searchbook?keyword=sea', { client: '10.70.0.2' })).status).toBe(200);
  });

  it('adds several hits in one call to the count both processes share, blocking past the limit', async () => {
    const [first, second] = apps.map((app) => app.get<RateLimitStorage>(ThrottlerStorage));
    const key = `batch:${randomUUID()}`;
    expect(await first.add(3, key, 10_000, 5, 10_000, 'batch')).toMatchObject({ totalHits: 3, isBlocked: false, timeToExpire: 10 });
    expect(await second.add(2, key, 10_000, 5, 10_000, 'batch')).toMatchObject({ totalHits: 5, isBlocked: false });
    expect(await first.add(1, key, 10_000, 5, 10_000, 'batch')).toMatchObject({ totalHits: 6, isBlocked: true, timeToBlockExpire: 10 });
  });

  it('counts log-ins per account', async () => {
    const answers = await series(11, (i) =>
      call(i, '/api/user/login', { client: `10.70.1.${i + 1}`, body: { email: 'Target@Example.test', password: `guess ${i}`, honeypot: '' } }),
    );
    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429]);
    expect(answers[10].body).toEqual({ statusCode: 429, message: 'Too many attempts. Please wait a while and try again.' });
    // Redis holds the count under a keyed hash of the address, never the address itself.
    const redis = apps[0].get(RedisClient);
    const keys = await redis.keys(`{${env.QUEUE_PREFIX}:rl:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.toLowerCase().includes('target@example.test') || key.includes('10.70.1.'))).toEqual([]);
  });

  it("counts a reader's reports", async () => {
    const jwt = new JwtService({ secret: accessTokenKey({ authSecret: env.AUTH_SECRET }), signOptions: { expiresIn: ACCESS_TOKEN_LIFETIME, algorithm: 'HS256' } });
    const token = await jwt.signAsync({ sub: randomUUID(), username: 'Reporter', email: 'reporter@example.test', email_verified: true });
    // The comment does not exist: each report is refused, and counted all the same.
    const report = { comment_id: randomUUID(), reason: 'spam' };
    const answers = await series(21, (i) => call(i, '/api/comment/report-comments', { client: `10.70.2.${i + 1}`, body: report, headers: { authorization: `Bearer ${token}` } }));
    expect(answers.slice(0, 20).filter((answer) => answer.status === 429)).toEqual([]);
    expect(answers[20]).toMatchObject({ status: 429, body: { message: 'You are doing that too often. Please wait a moment and try again.' } });
  });

  it('locks the queue dashboard to an address after 10 wrong log-ins', async () => {
    const wrong = await series(10, (i) => call(i, '/admin/queues/api/queues', { client: '10.70.3.1', headers: { authorization: basic(`guess ${i}`) } }));
    expect(wrong.map((answer) => answer.status)).toEqual(Array(10).fill(401));
    for (const i of [0, 1]) {
      expect(await call(i, '/admin/queues/api/queues', { client: '10.70.3.1', headers: { authorization: basic(admin.password) } })).toEqual({
        status: 429,
        body: { statusCode: 429, message: 'Too many wrong log-ins to the queue dashboard. Please wait 15 minutes and try again.' },
      });
    }
    expect((await call(0, '/admin/queues/api/queues', { client: '10.70.3.2', headers: { authorization: basic(admin.password) } })).status).toBe(200);
  });
});
