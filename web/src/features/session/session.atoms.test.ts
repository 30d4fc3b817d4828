import { describe, expect, it, vi } from 'vitest';
import { getAppStore } from '../../app/store';
import { clearSessionAtom, refreshTokenAtom, startSessionAtom, tokenAtom, userAtom } from './session.atoms';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

/** The atoms and a store as a fresh start of the app sees them: the atoms read local storage when first loaded. */
async function start() {
  vi.resetModules();
  const atoms = await import('./session.atoms');
  const { getAppStore: freshStore } = await import('../../app/store');
  return { atoms, store: freshStore() };
}

describe('session atoms', () => {
  it('restore the session on start from a stored token plus user', async () => {
    localStorage.setItem('token', '"t"');
    localStorage.setItem('refreshToken', '"r"');
    localStorage.setItem('user', JSON.stringify(user));
    const { atoms, store } = await start();
    expect(store.get(atoms.isLoggedInAtom)).toBe(true);
    expect(store.get(atoms.userAtom)).toEqual(user);
    expect(store.get(atoms.refreshTokenAtom)).toBe('r');
  });

  it('are logged out with a token but an unreadable user record', async () => {
    localStorage.setItem('token', '"t"');
    localStorage.setItem('user', '{not json');
    const { atoms, store } = await start();
    expect(store.get(atoms.isLoggedInAtom)).toBe(false);
    expect(store.get(atoms.tokenAtom)).toBe('t');
  });

  it('store a login in local storage, and logout clears token, refreshToken and user', () => {
    const store = getAppStore();
    store.set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    expect(localStorage.getItem('token')).toBe('"t"');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    store.set(clearSessionAtom);
    expect([store.get(tokenAtom), store.get(refreshTokenAtom), store.get(userAtom)]).toEqual([null, null, null]);
    expect(['token', 'refreshToken', 'user'].map((key) => localStorage.getItem(key))).toEqual([null, null, null]);
  });
});
