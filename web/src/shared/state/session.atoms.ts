import type { AuthUser } from '@shelf/contracts';
import { atom } from 'jotai';
import { atomWithStorage, RESET } from 'jotai/utils';
import { storedJson } from './stored-json';
import type { AppStore } from './store';

/**
 * The session: token, refreshToken and user, each kept in local storage under its own key and read
 * back on start, so a stored token plus user restores the session.
 */
export const tokenAtom = atomWithStorage<string | null>('token', null, storedJson(), { getOnInit: true });
export const refreshTokenAtom = atomWithStorage<string | null>('refreshToken', null, storedJson(), { getOnInit: true });
export const userAtom = atomWithStorage<AuthUser | null>('user', null, storedJson(), { getOnInit: true });

/** Logged in means a token and the user record it belongs to. */
export const isLoggedInAtom = atom((get) => get(tokenAtom) !== null && get(userAtom) !== null);

export interface NewSession {
  token: string;
  refreshToken: string;
  user: AuthUser;
}

/** Stores what a successful login answered. */
export const startSessionAtom = atom(null, (_get, set, session: NewSession) => {
  set(tokenAtom, session.token);
  set(refreshTokenAtom, session.refreshToken);
  set(userAtom, session.user);
});

/** Stores a rotated token pair (POST /api/user/token). */
export const replaceTokensAtom = atom(null, (_get, set, tokens: { token: string; refreshToken: string }) => {
  set(tokenAtom, tokens.token);
  set(refreshTokenAtom, tokens.refreshToken);
});

/** Logout: token, refreshToken and user are all removed, from memory and from local storage. */
export const clearSessionAtom = atom(null, (_get, set) => {
  set(tokenAtom, RESET);
  set(refreshTokenAtom, RESET);
  set(userAtom, RESET);
});

/** A value as the atoms keep it in local storage (JSON); an unreadable one counts as absent. */
function readStored<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

/**
 * Brings the session in line with local storage, where another tab of the browser may have rotated the tokens,
 * logged in or logged out. Only what differs is set, as setting writes the value back.
 */
export const loadStoredSessionAtom = atom(null, (get, set) => {
  const token = readStored<string>('token');
  if (token !== get(tokenAtom)) set(tokenAtom, token ?? RESET);
  const refreshToken = readStored<string>('refreshToken');
  if (refreshToken !== get(refreshTokenAtom)) set(refreshTokenAtom, refreshToken ?? RESET);
  const user = readStored<AuthUser>('user');
  if (JSON.stringify(user) !== JSON.stringify(get(userAtom))) set(userAtom, user ?? RESET);
});

const SESSION_KEYS = new Set(['token', 'refreshToken', 'user']);

/**
 * Makes `store` follow the session other tabs write to local storage (the `storage` event fires in every tab but
 * the writer's; a null key means the storage was cleared). Returns the unsubscribe.
 */
export function followStoredSession(store: AppStore): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === localStorage && (event.key === null || SESSION_KEYS.has(event.key))) store.set(loadStoredSessionAtom);
  };
  window.addEventListener('storage', onStorage);
  store.set(loadStoredSessionAtom);
  return () => window.removeEventListener('storage', onStorage);
}
