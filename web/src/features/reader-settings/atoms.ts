import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { DEFAULT_FONT_SIZE_INDEX, DEFAULT_PAGE_SPACE_INDEX, FONT_SIZES, isIndexWithin, PAGE_SPACES, stepIndex } from './reader-preferences';
import { storedJson } from '../../shared/state/stored-json';

// The theme lives apart: every page needs it, while the rest is the chapter text's.
export { themeAtom } from './theme.atoms';

const onInit = { getOnInit: true };

export const fontSizeIndexAtom = atomWithStorage(
  'fontSizeIndex',
  DEFAULT_FONT_SIZE_INDEX,
  storedJson(isIndexWithin(FONT_SIZES.length)),
  onInit,
);

export const pageSpaceIndexAtom = atomWithStorage(
  'pageSpaceIndex',
  DEFAULT_PAGE_SPACE_INDEX,
  storedJson(isIndexWithin(PAGE_SPACES.length)),
  onInit,
);

/** Write `+1` or `-1` to move the font size one step, bounded at both ends. */
export const stepFontSizeAtom = atom(null, (get, set, delta: number) =>
  set(fontSizeIndexAtom, stepIndex(get(fontSizeIndexAtom), delta, FONT_SIZES.length)),
);

/** Write `+1` or `-1` to move the page spacing one step, bounded at both ends. */
export const stepPageSpaceAtom = atom(null, (get, set, delta: number) =>
  set(pageSpaceIndexAtom, stepIndex(get(pageSpaceIndexAtom), delta, PAGE_SPACES.length)),
);
