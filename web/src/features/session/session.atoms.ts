import type { AuthUser } from '@shelf/contracts';
import { atom } from 'jotai';
import { atomWithStorage, RESET } from 'jotai/utils';

/**
 * The session (spec section 4): token, refreshToken and user, each kept in local storage under its own key and read
 * back on start, so a stored token plus user restores the session.
 */
export const tokenAtom = atomWithStorage<string | null>('token', null, undefined, { getOnInit: true });
export const refreshTokenAtom = atomWithStorage<string | null>('refreshToken', null, undefined, { getOnInit: true });
export const userAtom = atomWithStorage<AuthUser | null>('user', null, undefined, { getOnInit: true });

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
