import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import {
  DEFAULT_FONT_SIZE_INDEX,
  DEFAULT_PAGE_SPACE_INDEX,
  DEFAULT_THEME,
  FONT_SIZES,
  isIndexWithin,
  isTheme,
  PAGE_SPACES,
  stepIndex,
  type Theme,
} from './reader-preferences';
import { validatedStorage } from './validated-storage';

const onInit = { getOnInit: true };

export const fontSizeIndexAtom = atomWithStorage(
  'fontSizeIndex',
  DEFAULT_FONT_SIZE_INDEX,
  validatedStorage(isIndexWithin(FONT_SIZES.length)),
  onInit,
);

export const pageSpaceIndexAtom = atomWithStorage(
  'pageSpaceIndex',
  DEFAULT_PAGE_SPACE_INDEX,
  validatedStorage(isIndexWithin(PAGE_SPACES.length)),
  onInit,
);

/** The site's colour theme; a stored name outside the six is ignored. */
export const themeAtom = atomWithStorage<Theme>('theme', DEFAULT_THEME, validatedStorage(isTheme), onInit);

/** Write `+1` or `-1` to move the font size one step, bounded at both ends. */
export const stepFontSizeAtom = atom(null, (get, set, delta: number) =>
  set(fontSizeIndexAtom, stepIndex(get(fontSizeIndexAtom), delta, FONT_SIZES.length)),
);

/** Write `+1` or `-1` to move the page spacing one step, bounded at both ends. */
export const stepPageSpaceAtom = atom(null, (get, set, delta: number) =>
  set(pageSpaceIndexAtom, stepIndex(get(pageSpaceIndexAtom), delta, PAGE_SPACES.length)),
);
