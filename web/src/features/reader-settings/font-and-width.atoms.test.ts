import { createStore, type Atom } from 'jotai';
import { describe, expect, it } from 'vitest';
import { fontFamilyAtom, textWidthAtom } from './font-and-width.atoms';
import { FONT_FAMILIES, TEXT_WIDTHS } from './font-and-width';

/** A fresh store with the atoms mounted, so they read local storage as the app's components do. */
function mountedStore() {
  const store = createStore();
  for (const atom of [fontFamilyAtom, textWidthAtom] as Atom<unknown>[]) store.sub(atom, () => undefined);
  return store;
}

describe('font family and text width atoms', () => {
  it('default to the sans-serif font at the full width, as the chapter looked before there was a choice', () => {
    const store = mountedStore();
    expect(store.get(fontFamilyAtom)).toBe('sans');
    expect(store.get(textWidthAtom)).toBe('full');
  });

  it('offer serif, sans-serif and the dyslexia-friendly font, and widths from narrow to full', () => {
    expect(FONT_FAMILIES.map(({ id }) => id)).toEqual(['serif', 'sans', 'dyslexic']);
    expect(TEXT_WIDTHS.map(({ maxWidth }) => maxWidth)).toEqual(['60ch', '75ch', '90ch', 'none']);
  });

  it('remember a choice in local storage and restore it', () => {
    const store = mountedStore();
    store.set(fontFamilyAtom, 'dyslexic');
    store.set(textWidthAtom, 'narrow');
    expect(localStorage.getItem('fontFamily')).toBe('"dyslexic"');
    expect(localStorage.getItem('textWidth')).toBe('"narrow"');

    const later = mountedStore();
    expect(later.get(fontFamilyAtom)).toBe('dyslexic');
    expect(later.get(textWidthAtom)).toBe('narrow');
  });

  it('fall back to the defaults for a stored value outside the lists or unreadable', () => {
    for (const [font, width] of [
      ['"comic-sans"', '"huge"'],
      ['not json', '{'],
      ['3', '"60ch"'],
      ['null', 'true'],
    ]) {
      localStorage.setItem('fontFamily', font);
      localStorage.setItem('textWidth', width);
      const store = mountedStore();
      expect([font, store.get(fontFamilyAtom)]).toEqual([font, 'sans']);
      expect([width, store.get(textWidthAtom)]).toEqual([width, 'full']);
    }
  });
});
