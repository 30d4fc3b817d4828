// Accounts end to end on the real store, Redis and SMTP catcher: the API takes the requests, the workers send the
// e-mails, and the test follows the links it reads from the catcher.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LoginResponse, TokenResponse } from '@shelf/contracts';
import { caughtMail, testEnv, waitForMail } from '@test/support';
import type { Connection } from 'mongoose';
import { createHmac } from 'node:crypto';
import { listeningApi } from '@test/listening-api';
import { accessTokenKey } from '../../backend/src/modules/accounts/api/access-token-key';
import { WorkersModule } from '../../workers/src/workers.module';

const env = testEnv(__filename);
const password = 'correct horse battery staple';

describe('accounts and sessions', () => {
  let api: NestExpressApplication;
  let workers: INestApplicationContext;
  let base: string;

  const call = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}/api/user/${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  const post = <T = Record<string, unknown>>(path: string, body: unknown, headers?: Record<string, string>) => call<T>('POST', path, body, headers);
  const get = <T = Record<string, unknown>>(path: string) => call<T>('GET', path);
  const linkIn = async (address: string, subject: string) => {
    const mail = await waitForMail(address, 15_000, subject);
    return new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  };

  let readers = 0;
  /** A registered, verified reader's session: its access token and first refresh token (each from an address of its own, under the registration limit). */
  const registeredSession = async (email: string, username: string) => {
    await post('register', { email, password, username, honeypot: '' }, { 'x-forwarded-for': `10.77.0.${++readers}` });
    const link = await linkIn(email, 'Verify your e-mail for Novel Shelf');
    await get(`verify-email?${link.searchParams}`);
    const login = await post<LoginResponse>('login', { email, password, honeypot: '' });
    return { token: login.body.token!, first: login.body.refreshToken! };
  };
  /** Moves every used refresh token's use into the past, as if `ms` had gone by. */
  const ageUsedTokens = async (ms: number) => {
    const tokens = api.get<Connection>(getConnectionToken()).collection<{ _id: string; usedAt?: Date }>('refresh_tokens');
    for (const used of await tokens.find({}).toArray()) {
      if (used.usedAt) await tokens.updateOne({ _id: used._id }, { $set: { usedAt: new Date(used.usedAt.getTime() - ms) } });
    }
  };

  beforeAll(async () => {
    workers = await NestFactory.createApplicationContext(WorkersModule.register(env), { logger: ['error'] });
    ({ api, base } = await listeningApi(env));
  });

  afterAll(async () => {
    await api.get<Connection>(getConnectionToken()).dropDatabase();
    await api.close();
    await workers.close();
  });

  it('registers, verifies by e-mail, logs in, rotates refresh tokens and revokes a family on reuse after the grace window', async () => {
    const email = 'Reader.One@Example.test';
    expect(await post('register', { email, password, username: 'Reader One', honeypot: '' })).toEqual({
      status: 200,
      body: { success: true, message: 'Registration successful! Please check your e-mail to verify your account.' },
    });
    const link = await linkIn('reader.one@example.test', 'Verify your e-mail for Novel Shelf');
    expect(link.pathname).toBe('/user/verify-email');
    expect(await get(`verify-email?${link.searchParams}`)).toEqual({ status: 200, body: { message: 'Your e-mail has been verified. You can now log in.' } });
    expect(await get(`verify-email?${link.searchParams}`)).toMatchObject({ status: 400, body: { message: 'Invalid token.' } });

    const login = await post<LoginResponse>('login', { email: 'reader.one@example.test', password, honeypot: '' });
    expect(login.status).toBe(200);
    expect(login.body.user).toEqual({ user_id: expect.any(String), username: 'Reader One', email: 'reader.one@example.test', email_verified: true });
    const first = login.body.refreshToken!;

    const refreshed = await post<TokenResponse>('token', { refreshToken: first });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refreshToken).not.toBe(first);
    const second = refreshed.body.refreshToken;

    // The used token again within the grace window (another tab, a retried request): the same successor.
    expect(await post<TokenResponse>('token', { refreshToken: first })).toMatchObject({ status: 200, body: { refreshToken: second } });
    // Later, the used token means it leaked: the family is revoked, so even the newest token stops working.
    await ageUsedTokens(31_000);
    expect(await post('token', { refreshToken: first })).toMatchObject({ status: 401, body: { message: 'Your session has expired. Please log in again.' } });
    expect((await post('token', { refreshToken: second })).status).toBe(401);
  });

  it('sends a signed-in reader a new verification e-mail on request, whose link verifies, a few times an hour at most', async () => {
    const email = 'late.reader@example.test';
    await post('register', { email, password, username: 'Late Reader', honeypot: '' }, { 'x-forwarded-for': '10.78.0.1' });
    const first = await waitForMail(email, 15_000, 'Verify your e-mail for Novel Shelf');
    const login = await post<LoginResponse>('login', { email, password, honeypot: '' });
    const auth = { authorization: `Bearer ${login.body.token}`, 'x-forwarded-for': '10.78.0.2' };
    expect(login.body.user?.email_verified).toBe(false);
    expect((await post('resend-verification', {})).status).toBe(401);

    expect(await post('resend-verification', {}, auth)).toEqual({ status: 200, body: { message: 'We have sent you a new verification e-mail. Its link works for 48 hours.' } });
    let again = first;
    for (const deadline = Date.now() + 15_000; again.id === first.id && Date.now() < deadline; ) {
      again = await waitForMail(email, 15_000, 'Verify your e-mail for Novel Shelf');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again.id).not.toBe(first.id);
    const link = new URL(/https?:\/\/\S+/.exec(again.text)![0]);
    expect(link.searchParams.get('token')).not.toBe(new URL(/https?:\/\/\S+/.exec(first.text)![0]).searchParams.get('token'));
    expect(await get(`verify-email?${link.searchParams}`)).toEqual({ status: 200, body: { message: 'Your e-mail has been verified. You can now log in.' } });

    expect(await post('resend-verification', {}, auth)).toMatchObject({ status: 400, body: { message: 'Your e-mail is already verified.' } });
    expect(await post('resend-verification', {}, auth)).toMatchObject({ status: 400 });
    expect(await post('resend-verification', {}, auth)).toMatchObject({ status: 429, body: { message: 'Too many attempts. Please wait a while and try again.' } });
  });

  it('rotates a refresh token presented ten times at once exactly once: every presentation gets the same successor', async () => {
    const { first } = await registeredSession('racer@example.test', 'Racer');
    const answers = await Promise.all(Array.from({ length: 10 }, () => post<TokenResponse>('token', { refreshToken: first })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const successors = new Set(answers.map((answer) => answer.body.refreshToken));
    expect(successors.size).toBe(1);
    const [successor] = successors;
    expect(successor).not.toBe(first);
    // The successor works, and rotates on as usual.
    expect((await post<TokenResponse>('token', { refreshToken: successor })).status).toBe(200);
  });

  it('ends every other session on a password change, all of them on a reset, and on "log out of all other devices"', async () => {
    const email = 'many.devices@example.test';
    const phone = await registeredSession(email, 'Many Devices');
    const laptop = await post<LoginResponse>('login', { email, password });
    const tablet = await post<LoginResponse>('login', { email, password });
    const auth = { authorization: `Bearer ${phone.token}` };
    expect(await post('profile/change-password', { newPassword: 'a fresh device phrase', honeypot: '' }, auth)).toEqual({ status: 200, body: { message: 'Your password has been changed.' } });
    expect((await post('token', { refreshToken: laptop.body.refreshToken })).status).toBe(401);
    expect((await post('token', { refreshToken: tablet.body.refreshToken })).status).toBe(401);
    const kept = await post<TokenResponse>('token', { refreshToken: phone.first });
    expect(kept.status).toBe(200);

    // Log out of all other devices, from a session that began after the change.
    const desktop = await post<LoginResponse>('login', { email, password: 'a fresh device phrase' });
    expect(await post('profile/logout-other-sessions', {}, { authorization: `Bearer ${desktop.body.token}` })).toEqual({
      status: 200,
      body: { message: 'You are logged out of every other device.' },
    });
    expect((await post('token', { refreshToken: kept.body.refreshToken })).status).toBe(401);
    const desktopNext = await post<TokenResponse>('token', { refreshToken: desktop.body.refreshToken });
    expect(desktopNext.status).toBe(200);
    expect((await post('profile/logout-other-sessions', {})).status).toBe(401);

    // A reset through the e-mailed link ends them all.
    await post('forgot-password', { email, honeypot: '' });
    const link = await linkIn(email, 'Reset your Novel Shelf password');
    expect((await post('reset-password', { token: link.searchParams.get('token'), newPassword: 'the phrase after reset', honeypot: '' })).status).toBe(200);
    expect((await post('token', { refreshToken: desktopNext.body.refreshToken })).status).toBe(401);
    expect((await post('login', { email, password: 'the phrase after reset' })).status).toBe(200);
  });

  it('resets a forgotten password through the e-mailed link, once', async () => {
    const email = 'forgetful@example.test';
    await post('register', { email, password, username: 'Forgetful' });
    await linkIn(email, 'Verify your e-mail for Novel Shelf');

    const known = await post('forgot-password', { email, honeypot: '' });
    const unknown = await post('forgot-password', { email: 'nobody@example.test', honeypot: '' });
    expect(known).toEqual({ status: 200, body: { message: 'If an account exists for this e-mail, we have sent a link to reset its password.' } });
    expect(unknown).toEqual(known);

    const link = await linkIn(email, 'Reset your Novel Shelf password');
    expect(link.pathname).toBe('/user/reset-password');
    expect(await get(`reset-password?${link.searchParams}`)).toMatchObject({ status: 200, body: { success: true } });
    const token = link.searchParams.get('token');
    expect(await post('reset-password', { token, newPassword: 'password', honeypot: '' })).toMatchObject({
      status: 400,
      body: { success: false, message: 'This password is too common. Please choose a less common password.' },
    });
    expect(await post('reset-password', { token, newPassword: 'a brand new secret phrase', honeypot: '' })).toEqual({
      status: 200,
      body: { success: true, message: 'Your password has been reset successfully. You can now log in with your new password.' },
    });
    expect((await post('reset-password', { token, newPassword: 'another new secret phrase' })).body).toMatchObject({ success: false });
    expect((await post('login', { email, password })).status).toBe(401);
    expect((await post('login', { email, password: 'a brand new secret phrase' })).status).toBe(200);
  });

  it('uses a reset link once even when it is presented several times at once', async () => {
    const email = 'hasty@example.test';
    const from = { 'x-forwarded-for': '10.79.0.1' }; // its own address: the other tests use up the local one's registrations
    await post('register', { email, password, username: 'Hasty' }, from);
    await post('forgot-password', { email, honeypot: '' }, from);
    const token = (await linkIn(email, 'Reset your Novel Shelf password')).searchParams.get('token');
    const phrases = ['the first racing phrase', 'the second racing phrase', 'the third racing phrase'];
    const answers = await Promise.all(phrases.map((newPassword) => post('reset-password', { token, newPassword, honeypot: '' }, from)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    const winner = phrases[answers.findIndex((answer) => answer.status === 200)];
    for (const phrase of phrases) expect([phrase, (await post('login', { email, password: phrase }, from)).status]).toEqual([phrase, phrase === winner ? 200 : 401]);
  });

  it('changes the username (not to the same one) and the password', async () => {
    const email = 'changer@example.test';
    await post('register', { email, password, username: 'Changer' });
    const { body } = await post<LoginResponse>('login', { email, password });
    const auth = { authorization: `Bearer ${body.token}` };

    expect(await post('profile/change-username', { newUsername: 'Changer', honeypot: '' }, auth)).toMatchObject({
      status: 400,
      body: { message: 'The new username cannot be the same as the old username. Please choose a different username.' },
    });
    expect(await post('profile/change-username', { newUsername: 'Reader One' }, auth)).toMatchObject({ status: 400, body: { message: 'This username is already taken. Please choose another one.' } });
    expect(await post('profile/change-username', { newUsername: 'New Changer' }, auth)).toEqual({ status: 200, body: { message: 'Your username has been changed.' } });
    expect(await post('profile/change-password', { newPassword: 'an even better phrase', honeypot: '' }, auth)).toEqual({ status: 200, body: { message: 'Your password has been changed.' } });
    const again = await post<LoginResponse>('login', { email, password: 'an even better phrase' });
    expect(again.body.user?.username).toBe('New Changer');
    // The old name is free again, case-insensitively unique names included.
    expect((await post('register', { email: 'other@example.test', password, username: 'changer' })).status).toBe(200);
    expect((await post('register', { email: 'third@example.test', password, username: 'NEW CHANGER' })).body).toMatchObject({ success: false });
  });

  it('gives a taken e-mail the ordinary answer (its owner is told), and a filled honeypot an ordinary answer with nothing done', async () => {
    await post('register', { email: 'twice@example.test', password, username: 'Twice' });
    const taken = await post('register', { email: ' TWICE@example.test ', password, username: 'Twice Again' });
    const fresh = await post('register', { email: 'once@example.test', password, username: 'Once Only' });
    expect(taken).toEqual({ status: 200, body: { success: true, message: 'Registration successful! Please check your e-mail to verify your account.' } });
    expect(fresh).toEqual(taken);
    const notice = await waitForMail('twice@example.test', 15_000, 'Someone tried to register with your e-mail at Novel Shelf');
    expect(notice.text).toContain('/user/forgot-password');
    expect((await post('login', { email: 'twice@example.test', password })).status).toBe(200);
    // A taken username is said whatever the address: the answer never depends on whether the address has an account.
    const nameTaken = { status: 400, body: { statusCode: 400, success: false, message: 'This username is already taken. Please choose another one.' } };
    const elsewhere = { 'x-forwarded-for': '10.78.0.1' };
    expect(await post('register', { email: 'twice@example.test', password, username: 'Once Only' }, elsewhere)).toEqual(nameTaken);
    expect(await post('register', { email: 'never.seen@example.test', password, username: 'Once Only' }, elsewhere)).toEqual(nameTaken);
    // The same registration sent again (a retry after a 503 whose write had landed, a second tab) gets the usual answer;
    // with another password it is only a taken name.
    expect(await post('register', { email: 'Once@example.test', password, username: 'once only' }, elsewhere)).toEqual(fresh);
    expect(await post('register', { email: 'once@example.test', password: 'not the same phrase', username: 'Once Only' }, elsewhere)).toEqual(nameTaken);

    expect((await post('register', { email: 'bot@example.test', password, username: 'Bot', honeypot: 'gotcha' })).body).toMatchObject({ success: true });
    expect((await post('login', { email: 'bot@example.test', password })).status).toBe(401);
    // A honeypot request for a real account sends nothing: a real request made after it (events are projected in
    // order) arrives, and no reset mail for the first account came before it.
    await post('forgot-password', { email: 'twice@example.test', honeypot: 'gotcha' });
    await post('register', { email: 'barrier@example.test', password, username: 'Barrier' });
    await waitForMail('barrier@example.test', 15_000);
    expect((await caughtMail()).filter((mail) => mail.to.some((to) => to.address === 'twice@example.test') && mail.subject.startsWith('Reset'))).toEqual([]);
  });

  it('refuses forged, expired and alg:none access tokens', async () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = { sub: 'x', username: 'x', email: 'x@example.test', email_verified: true };
    const sign = (payload: object, key: string) => {
      const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
      return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
    };
    const now = Math.floor(Date.now() / 1000);
    const tokens = {
      none: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: now + 60 })}.`,
      forged: sign({ ...claims, exp: now + 60 }, 'not the key'),
      expired: sign({ ...claims, exp: now - 60 }, accessTokenKey({ authSecret: env.AUTH_SECRET })),
      garbage: 'not.a.jwt',
    };
    for (const token of Object.values(tokens)) {
      expect(await post('profile/change-password', { newPassword: 'whatever phrase' }, { authorization: `Bearer ${token}` })).toEqual({
        status: 401,
        body: { statusCode: 401, message: 'Please log in to continue.', error: 'Unauthorized' },
      });
    }
  });
});
