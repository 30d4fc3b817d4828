import { createStore, type Atom } from 'jotai';
import { describe, expect, it } from 'vitest';
import { fontSizeIndexAtom, pageSpaceIndexAtom, stepFontSizeAtom, stepPageSpaceAtom, themeAtom } from './atoms';

/** A fresh store with the atoms mounted, so they read local storage as the app's components do. */
function mountedStore() {
  const store = createStore();
  for (const atom of [fontSizeIndexAtom, pageSpaceIndexAtom, themeAtom] as Atom<unknown>[]) store.sub(atom, () => undefined);
  return store;
}

describe('reader preference atoms', () => {
  it('default to font size index 3, page space index 2 and the crimson theme', () => {
    const store = mountedStore();
    expect(store.get(fontSizeIndexAtom)).toBe(3);
    expect(store.get(pageSpaceIndexAtom)).toBe(2);
    expect(store.get(themeAtom)).toBe('crimson');
  });

  it('bound the font size stepper to its seven sizes', () => {
    const store = mountedStore();
    for (let i = 0; i < 10; i++) store.set(stepFontSizeAtom, 1);
    expect(store.get(fontSizeIndexAtom)).toBe(6);
    for (let i = 0; i < 10; i++) store.set(stepFontSizeAtom, -1);
    expect(store.get(fontSizeIndexAtom)).toBe(0);
    store.set(stepFontSizeAtom, 1);
    expect(store.get(fontSizeIndexAtom)).toBe(1);
    expect(localStorage.getItem('fontSizeIndex')).toBe('1');
  });

  it('bound the page space stepper to its five steps', () => {
    const store = mountedStore();
    for (let i = 0; i < 10; i++) store.set(stepPageSpaceAtom, 1);
    expect(store.get(pageSpaceIndexAtom)).toBe(4);
    for (let i = 0; i < 10; i++) store.set(stepPageSpaceAtom, -1);
    expect(store.get(pageSpaceIndexAtom)).toBe(0);
  });

  it('restore stored choices', () => {
    localStorage.setItem('fontSizeIndex', '5');
    localStorage.setItem('pageSpaceIndex', '0');
    localStorage.setItem('theme', '"dark"');
    const store = mountedStore();
    expect(store.get(fontSizeIndexAtom)).toBe(5);
    expect(store.get(pageSpaceIndexAtom)).toBe(0);
    expect(store.get(themeAtom)).toBe('dark');
  });

  it('ignore a stored theme name outside the six, and stored indexes out of range', () => {
    localStorage.setItem('theme', '"neon"');
    localStorage.setItem('fontSizeIndex', '7');
    localStorage.setItem('pageSpaceIndex', '"wide"');
    const store = mountedStore();
    expect(store.get(themeAtom)).toBe('crimson');
    expect(store.get(fontSizeIndexAtom)).toBe(3);
    expect(store.get(pageSpaceIndexAtom)).toBe(2);
  });
});
