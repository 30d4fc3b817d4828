import type { TokenResponse } from '@shelf/contracts';
import { clearSessionAtom, loadStoredSessionAtom, refreshTokenAtom, replaceTokensAtom, tokenAtom } from '../state/session.atoms';
import { type AppStore, getAppStore } from '../state/store';
import { ApiError } from './api-error';

// Callers of the API catch its errors by this class.
export { ApiError };

export const NO_REFRESH_TOKEN = 'No refresh token found';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface CallOptions {
  /** Aborts the call, as TanStack Query does for a query nobody needs any more. */
  signal?: AbortSignal;
  /** What the call accepts: JSON unless said otherwise. */
  accept?: string;
  /** How the call uses the browser's HTTP cache (fetch's `cache`); its default unless said otherwise. */
  cache?: RequestCache;
  /** Sent as `Idempotency-Key`: the same on every retry of one write, which the server then makes once. */
  idempotencyKey?: string;
}

async function send(method: Method, path: string, body: unknown, token: string | null, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: options.signal };
  if (options.cache) init.cache = options.cache;
  return fetch(`/api${path}`, init);
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  if (typeof body?.message === 'string') return new ApiError(response.status, body.message);
  return new ApiError(response.status, response.statusText || `HTTP ${response.status}`, false);
}

/** The refresh in flight per store: concurrent 401s wait for the same one. */
const refreshes = new WeakMap<AppStore, Promise<string>>();

/** Held by the tab that is refreshing, so the tabs of a browser refresh one at a time. */
const REFRESH_LOCK = 'shelf-token-refresh';

/** Runs `work` under the refresh lock (Web Locks, held until `work` settles), or at once where the browser has none. */
async function underRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  return navigator.locks ? await navigator.locks.request(REFRESH_LOCK, work) : work();
}

/**
 * Trades the stored refresh token for a new token pair (POST /api/user/token) and stores it. Calls made while one is
 * in flight share it, and the tabs of a browser take turns: the server refuses a refresh token presented twice, so a
 * tab that finds the pair rotated by another tab meanwhile takes it instead of refreshing. A failed refresh clears the
 * session and passes the error on; with no refresh token the error is 'No refresh token found'.
 */
export function refreshSession(store: AppStore = getAppStore()): Promise<string> {
  const inFlight = refreshes.get(store);
  if (inFlight) return inFlight;
  const held = { token: store.get(tokenAtom), refreshToken: store.get(refreshTokenAtom) };
  const refresh = underRefreshLock(async () => {
    try {
      store.set(loadStoredSessionAtom);
      const stored = { token: store.get(tokenAtom), refreshToken: store.get(refreshTokenAtom) };
      if (!stored.refreshToken) throw new Error(NO_REFRESH_TOKEN);
      // Another tab rotated the pair (or logged in anew) while this one waited: that pair serves this tab too.
      if (stored.token && (stored.refreshToken !== held.refreshToken || stored.token !== held.token)) return stored.token;
      const response = await send('POST', '/user/token', { refreshToken: stored.refreshToken }, null);
      if (!response.ok) throw await toApiError(response);
      const tokens = (await response.json()) as TokenResponse;
      store.set(replaceTokensAtom, tokens);
      return tokens.token;
    } catch (error) {
      store.set(clearSessionAtom);
      throw error;
    }
  }).finally(() => refreshes.delete(store));
  refreshes.set(store, refresh);
  return refresh;
}

/**
 * One JSON call under /api with the session's bearer token. A 401 to a call that carried a token gets exactly one
 * token refresh and one retry. A non-2xx answer becomes an ApiError carrying the server's message.
 */
async function request<T>(method: Method, path: string, body?: unknown, options?: CallOptions): Promise<T> {
  const response = await authorizedResponse(method, path, body, options);
  return (await response.json()) as T;
}

/** The successful answer to one call under /api with the session's bearer token (one refresh and retry on a 401). */
async function authorizedResponse(method: Method, path: string, body?: unknown, options?: CallOptions): Promise<Response> {
  const store = getAppStore();
  const token = store.get(tokenAtom);
  let response = await send(method, path, body, token, options);
  if (response.status === 401 && token) {
    // Another call may already have refreshed while this one was on its way: then its token is simply retried.
    const current = store.get(tokenAtom);
    const fresh = current && current !== token ? current : await refreshSession(store);
    response = await send(method, path, body, fresh, options);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

export const getJson = <T>(path: string, options?: CallOptions): Promise<T> => request<T>('GET', path, undefined, options);
export const postJson = <T>(path: string, body: unknown, options?: CallOptions): Promise<T> => request<T>('POST', path, body, options);
export const putJson = <T>(path: string, body: unknown = {}, options?: CallOptions): Promise<T> => request<T>('PUT', path, body, options);
export const deleteJson = <T>(path: string, options?: CallOptions): Promise<T> => request<T>('DELETE', path, undefined, options);

/** The file name a Content-Disposition header suggests, or null. */
function suggestedName(disposition: string | null): string | null {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Falls back to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1]?.trim() ?? null;
}

/** A file the API answers (e.g. a CSV export), fetched with the session's bearer token, and the name it suggests. */
export async function getFile(path: string, options?: CallOptions): Promise<{ blob: Blob; filename: string | null }> {
  const response = await authorizedResponse('GET', path, undefined, { accept: '*/*', ...options });
  return { blob: await response.blob(), filename: suggestedName(response.headers.get('Content-Disposition')) };
}
