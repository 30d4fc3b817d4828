import { describe, expect, it, vi } from 'vitest';
import { getAppStore } from './store';
import { clearSessionAtom, followStoredSession, isLoggedInAtom, refreshTokenAtom, startSessionAtom, tokenAtom, userAtom } from './session.atoms';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

/** The atoms and a store as a fresh start of the app sees them: the atoms read local storage when first loaded. */
async function start() {
  vi.resetModules();
  const atoms = await import('./session.atoms');
  const { getAppStore: freshStore } = await import('./store');
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

/** What another tab's write to local storage looks like in this one: the value changes, then `storage` fires. */
function writeInOtherTab(key: string, value: string | null) {
  const oldValue = localStorage.getItem(key);
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: value, storageArea: localStorage }));
}

describe('following the session of other tabs', () => {
  it("takes the token pair another tab rotated, and another tab's logout", () => {
    const store = getAppStore();
    store.set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const stop = followStoredSession(store);
    writeInOtherTab('token', '"t2"');
    writeInOtherTab('refreshToken', '"r2"');
    expect([store.get(tokenAtom), store.get(refreshTokenAtom)]).toEqual(['t2', 'r2']);

    for (const key of ['token', 'refreshToken', 'user']) writeInOtherTab(key, null);
    expect(store.get(isLoggedInAtom)).toBe(false);
    expect([store.get(tokenAtom), store.get(refreshTokenAtom), store.get(userAtom)]).toEqual([null, null, null]);
    stop();
  });

  it("takes another tab's login, and a cleared storage as a logout", () => {
    const store = getAppStore();
    const stop = followStoredSession(store);
    localStorage.setItem('token', '"t"');
    localStorage.setItem('refreshToken', '"r"');
    writeInOtherTab('user', JSON.stringify(user));
    expect(store.get(isLoggedInAtom)).toBe(true);
    expect(store.get(refreshTokenAtom)).toBe('r');

    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    expect(store.get(isLoggedInAtom)).toBe(false);
    stop();
  });

  it('ignores other keys and stops following once unsubscribed', () => {
    const store = getAppStore();
    store.set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const stop = followStoredSession(store);
    localStorage.setItem('token', '"t2"');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: '"dark"', storageArea: localStorage }));
    expect(store.get(tokenAtom)).toBe('t');
    stop();
    writeInOtherTab('token', '"t3"');
    expect(store.get(tokenAtom)).toBe('t');
  });
});
