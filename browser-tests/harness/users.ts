import type { AuthUser, LoginResponse } from '@shelf/contracts';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { linkIn, waitForMailTo } from './mail';

export interface TestUser {
  email: string;
  password: string;
  token: string;
  refreshToken: string;
  user: AuthUser;
}

const PASSWORD = 'Correct-Horse-42-battery';
let created = 0;
/**
 * This test file's block of client addresses: each file loads this module afresh, so a counter alone would give every
 * file the same addresses, and the suites together would pass the 10 registrations an hour of the first ones.
 */
const block = 1 + Math.floor(Math.random() * 250);

/**
 * Calls the running site's API as a client at `ip`: the site believes X-Forwarded-For from this machine, so each
 * test user counts as its own client for the per-address limits (10 registrations an hour per address).
 */
export async function callApi<T>(method: string, path: string, options: { body?: unknown; token?: string; ip?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.ip) headers['X-Forwarded-For'] = options.ip;
  const response = await fetch(`${inject('site').baseUrl}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const answer = (await response.json().catch(() => ({}))) as T;
  if (!response.ok) throw new Error(`${method} /api${path}: HTTP ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Registers a user through the API, verifies the e-mail from the caught mail and logs in. */
export async function verifiedUser(username: string): Promise<TestUser> {
  created++;
  const ip = `10.${77 + Math.floor(created / 250)}.${block}.${(created % 250) + 1}`;
  const stamp = `${Date.now().toString(36)}${created}`;
  const email = `${username.toLowerCase()}.${stamp}@example.com`;
  const name = `${username}${stamp.slice(-4)}`;
  await callApi('POST', '/user/register', { body: { email, password: PASSWORD, username: name, honeypot: '' }, ip });
  const link = linkIn(await waitForMailTo(email), '/user/verify-email');
  await callApi('GET', `/user/verify-email?${link.searchParams}`, { ip });
  // The verification may reach the account's read side a moment later: log in until the user shows as verified.
  let login: LoginResponse = { message: '' };
  for (let attempt = 0; attempt < 8 && !login.user?.email_verified; attempt++) {
    if (attempt > 0) await new Promise((done) => setTimeout(done, 250));
    login = await callApi<LoginResponse>('POST', '/user/login', { body: { email, password: PASSWORD, honeypot: '' }, ip });
  }
  if (!login.token || !login.refreshToken || !login.user?.email_verified) throw new Error(`login of ${email} failed: ${login.message}`);
  return { email, password: PASSWORD, token: login.token, refreshToken: login.refreshToken, user: login.user };
}

/** Starts the context's pages logged in as `user`, as the web client keeps a session (local storage, JSON values). */
export async function logInContext(context: BrowserContext, user: TestUser): Promise<void> {
  await context.addInitScript(
    ({ token, refreshToken, user: record }) => {
      if (sessionStorage.getItem('test-session-set')) return;
      sessionStorage.setItem('test-session-set', '1');
      localStorage.setItem('token', JSON.stringify(token));
      localStorage.setItem('refreshToken', JSON.stringify(refreshToken));
      localStorage.setItem('user', JSON.stringify(record));
    },
    { token: user.token, refreshToken: user.refreshToken, user: user.user },
  );
}
