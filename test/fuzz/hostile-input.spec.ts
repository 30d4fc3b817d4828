// The inputs a security suite answered 500 (or an empty 431) for, each pinned to its 4xx and message: deeply nested
// and oversized JSON on every JSON POST endpoint, prototype keys, type confusion in bodies and queries, requests
// Node refuses before Express (headers too large, not HTTP).
import { getConnectionToken } from '@nestjs/mongoose';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LoginResponse } from '@shelf/contracts';
import { testEnv } from '@test/support';
import type { Connection } from 'mongoose';
import { listeningApi } from '@test/listening-api';
import { nested } from './hostile-values';
import { exchange, parseAnswer, type RawResponse, send } from './raw-http';

const env = testEnv(__filename);
const password = 'correct horse battery staple';

const JSON_POSTS = [
  'user/login',
  'user/token',
  'user/logout',
  'user/register',
  'user/forgot-password',
  'user/reset-password',
  'user/profile/change-username',
  'user/profile/change-password',
  'comment/post-comments',
  'comment/edit-comments',
  'comment/delete-comments',
  'comment/report-comments',
  'comment/like-comments',
  'comment/delete-like-comments',
  'like/like-book',
  'like/remove-like-book',
];

describe('hostile input', () => {
  let api: NestExpressApplication;
  let port: number;
  let token = '';
  let clients = 0;

  /** A request as a reader from an address of its own (the per-address limits stay out of the way). */
  const call = (method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<RawResponse> =>
    send(port, {
      method,
      path: `/api/${path}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': `10.9.0.${++clients}`, ...headers },
      body,
    });
  const answer = (response: RawResponse) => ({ status: response.status, message: (JSON.parse(response.body) as { message: unknown }).message });

  beforeAll(async () => {
    let base: string;
    ({ api, base } = await listeningApi(env));
    port = Number(new URL(base).port);
    const account = JSON.stringify({ email: 'hostile@example.test', password, username: 'Hostile' });
    await call('POST', 'user/register', account);
    token = (JSON.parse((await call('POST', 'user/login', account)).body) as LoginResponse).token!;
  });

  afterAll(async () => {
    await api.get<Connection>(getConnectionToken()).dropDatabase();
    await api.close();
  });

  it.each(JSON_POSTS)('POST %s: JSON nested 5000 deep is a 400, objects or arrays', async (path) => {
    const deeply = { status: 400, message: 'The request body is nested too deeply (at most 20 levels).' };
    expect(answer(await call('POST', path, nested(5000, 'object')))).toEqual(deeply);
    expect(answer(await call('POST', path, `{"a":${nested(5000, 'array')}}`))).toEqual(deeply);
  });

  it('takes 20 levels of nesting to validation, and refuses 21', async () => {
    expect(answer(await call('POST', 'user/login', nested(20, 'object')))).toEqual({ status: 400, message: 'Please enter your e-mail address.' });
    expect(answer(await call('POST', 'user/login', nested(21, 'object')))).toMatchObject({ status: 400, message: expect.stringContaining('nested too deeply') });
  });

  it('refuses a body of more than 1000 fields', async () => {
    const wide = `{"email":[${Array.from({ length: 1000 }, (_, i) => i).join(',')}]}`;
    expect(answer(await call('POST', 'user/login', wide))).toEqual({ status: 400, message: 'The request body has too many fields (at most 1000).' });
  });

  it.each(['{"__proto__":{"admin":true}}', '{"email":{"constructor":{"prototype":{}}}}', '{"\\u005f\\u005fproto__":1}', '{"a":[{"prototype":1}]}'])(
    'refuses prototype keys: %s',
    async (body) => {
      expect(answer(await call('POST', 'user/login', body))).toMatchObject({ status: 400, message: expect.stringMatching(/^The request body has a field that is not allowed: /) });
    },
  );

  it('keeps the messages for a body that is too large, not JSON, or not UTF-8', async () => {
    expect(answer(await call('POST', 'user/login', JSON.stringify({ email: 'x'.repeat(200_000) })))).toEqual({ status: 413, message: 'The request is too large.' });
    expect(answer(await call('POST', 'user/login', '{"email": '))).toEqual({ status: 400, message: 'The request body is not valid JSON.' });
    const utf16 = { 'content-type': 'application/json; charset=utf-16' };
    expect(answer(await call('POST', 'user/login', '{}', utf16))).toEqual({ status: 415, message: 'The request body must be JSON in UTF-8.' });
  });

  const notABookId = { status: 400, message: 'book_id must be a whole number.' };
  it.each(['{"toString":false}', '{"toString":false,"valueOf":false}', '1e400', '18446744073709551616', '"1e3"', '[1]', '["1","2"]', '"\\u0000"', '""'])(
    'answers book_id %s with the field message',
    async (value) => {
      expect(answer(await call('POST', 'like/like-book', `{"book_id":${value}}`))).toEqual(notABookId);
      expect(answer(await call('POST', 'comment/post-comments', `{"book_id":${value},"comment_content":"Hello there, this is a comment."}`))).toEqual(notABookId);
    },
  );

  it.each(['book_id=1&book_id=2', 'book_id[]=1', 'book_id[a]=1', 'book_id[toString]=1', 'book_id=1e400', 'book_id=%00', 'book_id=99999999999999999999'])(
    'answers the query %s with the field message',
    async (query) => {
      expect(answer(await call('GET', `like/show-visitor-like-count?${query}`))).toEqual(notABookId);
      expect(answer(await call('GET', `comment/show-comments?${query}`))).toEqual(notABookId);
    },
  );

  it.each(['pageNum=1&pageNum=2', 'pageNum=1e400', 'pageNum=', 'pageNum=%00'])('answers the page %s with the field message', async (query) => {
    expect(answer(await call('GET', `user/replies?${query}`))).toEqual({ status: 400, message: 'pageNum must be a whole number from 1.' });
  });

  it('answers headers too large with a JSON 431, logged in or not', async () => {
    for (const path of ['/api/user/login', '/api/']) {
      const reply = parseAnswer(await exchange(port, `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Long: ${'a'.repeat(20_000)}\r\n\r\n`));
      expect(reply).toEqual({ status: 431, contentType: 'application/json; charset=utf-8', body: { statusCode: 431, message: 'The request headers are too large.' } });
    }
  });

  it('answers a request that is not HTTP with a JSON 400', async () => {
    const reply = parseAnswer(await exchange(port, 'HELLO THERE\r\n\r\n'));
    expect(reply).toEqual({ status: 400, contentType: 'application/json; charset=utf-8', body: { statusCode: 400, message: 'The request is not valid HTTP.' } });
  });

  it('answers a CONNECT (a proxy tunnel) with a JSON 405, even with a body it never reads', async () => {
    for (const body of ['', 'x'.repeat(65_000)]) {
      const reply = parseAnswer(await exchange(port, `CONNECT /api/ HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n${body}`));
      expect(reply).toEqual({ status: 405, contentType: 'application/json; charset=utf-8', body: { statusCode: 405, message: 'CONNECT is not allowed.' } });
    }
  });
});
