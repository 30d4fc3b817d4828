import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadStoredSessionAtom, refreshTokenAtom, startSessionAtom, tokenAtom, userAtom } from '../state/session.atoms';
import { ApiError, getFile, getJson, postJson, refreshSession } from './api-client';
import { getAppStore } from '../state/store';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function logIn(token = 'old-token', refreshToken = 'old-refresh') {
  getAppStore().set(startSessionAtom, { token, refreshToken, user });
}

/** A fake server: /user/token answers with `refresh`; other paths answer 401 to 'old-token' and 200 otherwise. */
function server(refresh: (init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/user/token') return refresh(init);
    const auth = (init.headers as Record<string, string>).Authorization;
    return auth === 'Bearer old-token' ? json(401, { message: 'Unauthorized' }) : json(200, { path: url, auth });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const refreshCalls = (fetchMock: ReturnType<typeof server>) => fetchMock.mock.calls.filter(([url]) => url === '/api/user/token');

describe('api client', () => {
  it('sends the bearer token of the session and JSON bodies', async () => {
    logIn('good-token');
    const fetchMock = server(() => json(500, {}));
    await expect(postJson('/user/profile/change-username', { newUsername: 'x', honeypot: '' })).resolves.toEqual({
      path: '/api/user/profile/change-username',
      auth: 'Bearer good-token',
    });
    const [, init] = fetchMock.mock.calls[0];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"newUsername":"x","honeypot":""}');
  });

  it('on a 401 refreshes the token once, stores the new pair and retries the call once', async () => {
    logIn();
    const fetchMock = server(() => json(200, { token: 'new-token', refreshToken: 'new-refresh' }));
    await expect(getJson('/user/liked-story')).resolves.toEqual({ path: '/api/user/liked-story', auth: 'Bearer new-token' });
    expect(refreshCalls(fetchMock)).toHaveLength(1);
    expect(JSON.parse(refreshCalls(fetchMock)[0][1].body as string)).toEqual({ refreshToken: 'old-refresh' });
    expect(getAppStore().get(tokenAtom)).toBe('new-token');
    expect(localStorage.getItem('refreshToken')).toBe('"new-refresh"');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('shares one refresh between concurrent 401s', async () => {
    logIn();
    let answerRefresh!: (response: Response) => void;
    const fetchMock = server(() => new Promise<Response>((resolve) => (answerRefresh = resolve)));
    const calls = Promise.all([getJson('/a'), getJson('/b'), getJson('/c')]);
    await vi.waitFor(() => expect(refreshCalls(fetchMock)).toHaveLength(1));
    answerRefresh(json(200, { token: 'new-token', refreshToken: 'new-refresh' }));
    expect((await calls).map((answer) => (answer as { auth: string }).auth)).toEqual(['Bearer new-token', 'Bearer new-token', 'Bearer new-token']);
    expect(refreshCalls(fetchMock)).toHaveLength(1);
  });

  it('retries only once: a second 401 is passed on as an ApiError', async () => {
    logIn();
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/user/token' ? json(200, { token: 'new-token', refreshToken: 'new-refresh' }) : json(401, { message: 'Unauthorized' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(getJson('/user/replies')).rejects.toEqual(new ApiError(401, 'Unauthorized'));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('clears the session and passes the error on when the refresh fails', async () => {
    logIn();
    server(() => json(401, { message: 'Your session has expired. Please log in again.' }));
    const error = await getJson('/user/replies').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Your session has expired. Please log in again.');
    expect(getAppStore().get(tokenAtom)).toBeNull();
    expect(getAppStore().get(userAtom)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("fails with 'No refresh token found' when there is none, and clears the session", async () => {
    logIn();
    getAppStore().set(refreshTokenAtom, null);
    const fetchMock = server(() => json(200, {}));
    await expect(refreshSession()).rejects.toThrow('No refresh token found');
    expect(refreshCalls(fetchMock)).toHaveLength(0);
    expect(getAppStore().get(userAtom)).toBeNull();
  });

  it('does not refresh on a 401 to a call made without a token (a refused login keeps its message)', async () => {
    const fetchMock = vi.fn(async () => json(401, { message: 'Invalid email or password.' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(postJson('/user/login', { email: 'a@b.c', password: 'x', honeypot: '' })).rejects.toEqual(
      new ApiError(401, 'Invalid email or password.'),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

/** Web Locks as a browser shares them between its tabs: one holder per name at a time, the others queue. */
function fakeWebLocks() {
  let queue: Promise<unknown> = Promise.resolve();
  const request = vi.fn((_name: string, work: () => Promise<unknown>) => {
    const granted = queue.then(() => work());
    queue = granted.catch(() => undefined);
    return granted;
  });
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return request;
}

/** Another tab of the same browser: its own store, the same local storage, the session it loaded on start. */
function otherTab() {
  const store = createStore();
  store.set(loadStoredSessionAtom);
  return store;
}

describe('token refresh across the tabs of a browser', () => {
  afterEach(() => {
    delete (navigator as { locks?: unknown }).locks;
  });

  /** A /user/token that rotates a refresh token once and refuses it presented again (reuse). */
  function rotatingServer() {
    const used = new Set<string>();
    return server((init) => {
      const { refreshToken } = JSON.parse(init.body as string) as { refreshToken: string };
      if (used.has(refreshToken)) return json(401, { message: 'Your session has expired. Please log in again.' });
      used.add(refreshToken);
      return json(200, { token: `token-${used.size}`, refreshToken: `refresh-${used.size}` });
    });
  }

  it("refreshes under the 'shelf-token-refresh' lock", async () => {
    const request = fakeWebLocks();
    logIn();
    server(() => json(200, { token: 'new-token', refreshToken: 'new-refresh' }));
    await expect(refreshSession()).resolves.toBe('new-token');
    expect(request).toHaveBeenCalledWith('shelf-token-refresh', expect.any(Function));
  });

  it('presents the refresh token once when two tabs refresh together: the second takes the pair the first stored', async () => {
    fakeWebLocks();
    logIn();
    const tabA = getAppStore();
    const tabB = otherTab();
    const fetchMock = rotatingServer();
    await expect(Promise.all([refreshSession(tabA), refreshSession(tabB)])).resolves.toEqual(['token-1', 'token-1']);
    expect(refreshCalls(fetchMock)).toHaveLength(1);
    expect([tabB.get(tokenAtom), tabB.get(refreshTokenAtom), tabB.get(userAtom)]).toEqual(['token-1', 'refresh-1', user]);
    expect(localStorage.getItem('refreshToken')).toBe('"refresh-1"');
  });

  it('takes the pair another tab stored before this one started refreshing, without calling the server', async () => {
    logIn();
    const tab = otherTab();
    localStorage.setItem('token', '"rotated-token"');
    localStorage.setItem('refreshToken', '"rotated-refresh"');
    const fetchMock = server(() => json(500, {}));
    await expect(refreshSession(tab)).resolves.toBe('rotated-token');
    expect(refreshCalls(fetchMock)).toHaveLength(0);
    expect(tab.get(refreshTokenAtom)).toBe('rotated-refresh');
  });

  it("fails with 'No refresh token found' in a tab whose turn comes after another tab's refresh failed", async () => {
    fakeWebLocks();
    logIn();
    const tabB = otherTab();
    const fetchMock = server(() => json(401, { message: 'Your session has expired. Please log in again.' }));
    const [a, b] = await Promise.allSettled([refreshSession(getAppStore()), refreshSession(tabB)]);
    expect(a).toMatchObject({ status: 'rejected', reason: new ApiError(401, 'Your session has expired. Please log in again.') });
    expect(b).toMatchObject({ status: 'rejected', reason: new Error('No refresh token found') });
    expect(refreshCalls(fetchMock)).toHaveLength(1);
    expect(tabB.get(userAtom)).toBeNull();
  });

  it('fetches a file with the bearer token (refreshing it on a 401) and the name the answer suggests', async () => {
    logIn();
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/user/token') return json(200, { token: 'new-token', refreshToken: 'new-refresh' });
      const auth = (init.headers as Record<string, string>).Authorization;
      if (auth === 'Bearer old-token') return json(401, { message: 'Unauthorized' });
      return new Response('a,b\n1,2\n', { status: 200, headers: { 'Content-Disposition': "attachment; filename=\"x.csv\"; filename*=UTF-8''audit%20trail.csv" } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const file = await getFile('/admin/audit.csv?type=x');
    expect(file.filename).toBe('audit trail.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/admin/audit.csv?type=x');
  });

  it("names no file when the answer suggests none, and throws the server's message on a refusal", async () => {
    logIn('good-token');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('x', { status: 200 })));
    expect((await getFile('/f')).filename).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => json(403, { message: 'This page is for operators.' })));
    await expect(getFile('/f')).rejects.toEqual(new ApiError(403, 'This page is for operators.'));
  });
});
