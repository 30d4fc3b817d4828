// Bad input on every account endpoint: each answer is a 4xx with a message for the reader, never a 5xx. The table of
// what was sent and answered is written to test-results/account-bad-inputs.md.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getConnectionToken } from '@nestjs/mongoose';
import type { LoginResponse } from '@shelf/contracts';
import { testEnv } from '@test/support';
import type { Connection } from 'mongoose';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listeningApi } from '@test/listening-api';

const env = testEnv(__filename);
const password = 'correct horse battery staple';
const big = 'x'.repeat(5000);

type Case = [endpoint: string, what: string, body?: unknown, auth?: 'user'];

const cases: Case[] = [
  ['POST login', 'empty body', {}],
  ['POST login', 'malformed JSON', '{"email": '],
  ['POST login', 'JSON array', '[1,2]'],
  ['POST login', 'email is a number', { email: 5, password }],
  ['POST login', 'huge email', { email: big, password }],
  ['POST login', '2 MB body', { email: 'a@example.test', password, padding: 'x'.repeat(2_000_000) }],
  ['POST login', 'unknown e-mail', { email: 'nobody@example.test', password }],
  ['POST login', 'wrong password', { email: 'known@example.test', password: 'not the password' }],
  ['POST token', 'no refresh token', {}],
  ['POST token', 'garbage token', { refreshToken: 'garbage' }],
  ['POST token', 'token is an object', { refreshToken: { $ne: null } }],
  ['POST logout', 'no refresh token', {}],
  ['POST register', 'empty body', {}],
  ['POST register', 'invalid e-mail', { email: 'not-an-email', password, username: 'Someone' }],
  ['POST register', 'short password', { email: 'a@example.test', password: 'short', username: 'Someone' }],
  ['POST register', 'common password', { email: 'a@example.test', password: 'password123', username: 'Someone' }],
  ['POST register', 'password over 128 characters', { email: 'a@example.test', password: 'p'.repeat(129), username: 'Someone' }],
  ['POST register', 'username with markup', { email: 'a@example.test', password, username: '<b>hi</b>' }],
  ['POST register', 'one-letter username', { email: 'a@example.test', password, username: 'x' }],
  ['POST register', 'taken username', { email: 'b@example.test', password, username: 'KNOWN' }],
  ['POST register', 'huge username', { email: 'a@example.test', password, username: big }],
  ['GET verify-email', 'no token', undefined],
  ['GET verify-email?token=abc&email=known@example.test', 'malformed token', undefined],
  ['GET verify-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&email=known@example.test', 'unknown token', undefined],
  ['GET verify-email?token[$ne]=x&email=a', 'operator injection', undefined],
  ['POST forgot-password', 'no e-mail', {}],
  ['POST forgot-password', 'e-mail is a list', { email: ['a@example.test'] }],
  ['GET reset-password', 'no token', undefined],
  ['GET reset-password?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&email=known@example.test', 'unknown token', undefined],
  ['POST reset-password', 'empty body', {}],
  ['POST reset-password', 'unknown token', { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', newPassword: password }],
  ['POST profile/change-username', 'not logged in', { newUsername: 'Anyone' }],
  ['POST profile/change-username', 'no new username', {}, 'user'],
  ['POST profile/change-username', 'same username', { newUsername: 'Known' }, 'user'],
  ['POST profile/change-username', 'invalid username', { newUsername: '  ' }, 'user'],
  ['POST profile/change-password', 'not logged in', { newPassword: password }],
  ['POST profile/change-password', 'common password', { newPassword: 'qwertyuiop' }, 'user'],
  ['POST profile/change-password', 'password is a number', { newPassword: 12345678 }, 'user'],
];

describe('bad input on the account endpoints', () => {
  let api: NestExpressApplication;
  let base: string;
  let token: string;
  const rows: string[] = [];

  beforeAll(async () => {
    ({ api, base } = await listeningApi(env));
    const post = (path: string, body: unknown) =>
      fetch(`${base}/api/user/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await post('register', { email: 'known@example.test', password, username: 'Known' });
    token = ((await (await post('login', { email: 'known@example.test', password })).json()) as LoginResponse).token!;
  });

  afterAll(async () => {
    mkdirSync(join(__dirname, '../../test-results'), { recursive: true });
    writeFileSync(join(__dirname, '../../test-results/account-bad-inputs.md'), ['| endpoint | input | status | message |', '|---|---|---|---|', ...rows].join('\n') + '\n');
    await api.get<Connection>(getConnectionToken()).dropDatabase();
    await api.close();
  });

  // Every row gets all four values: Jest would take a missing last one for a `done` callback and wait for it.
  const rowsOfFour = cases.map(([endpoint, what, body, auth]) => [endpoint, what, body, auth ?? null] as const);
  it.each(rowsOfFour)('%s, %s: a 4xx with a message', async (endpoint, what, body, auth) => {
    const [method, path] = endpoint.split(' ');
    const response = await fetch(`${base}/api/user/${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const answer = (await response.json()) as { message?: unknown };
    rows.push(`| ${endpoint.split('?')[0]} | ${what} | ${response.status} | ${String(answer.message)} |`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(typeof answer.message).toBe('string');
    expect((answer.message as string).length).toBeGreaterThan(0);
  });

  it('answers the 11th login attempt on one account within 10 minutes with 429', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const response = await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'target@example.test', password: `guess ${i}` }),
      });
      statuses.push(response.status);
      if (response.status === 429) expect(await response.json()).toEqual({ statusCode: 429, message: 'Too many attempts. Please wait a while and try again.' });
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});
