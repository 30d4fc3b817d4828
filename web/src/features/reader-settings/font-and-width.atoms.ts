import { atomWithStorage } from 'jotai/utils';
import { DEFAULT_FONT_FAMILY, DEFAULT_TEXT_WIDTH, type FontFamily, isFontFamily, isTextWidth, type TextWidth } from './font-and-width';
import { storedJson } from '../../shared/state/stored-json';

// Read from local storage when first used, so the chapter's first render already has the stored font and width.
const onInit = { getOnInit: true };

/** The chapter text's font family; a stored name outside the list is ignored. */
export const fontFamilyAtom = atomWithStorage<FontFamily>('fontFamily', DEFAULT_FONT_FAMILY, storedJson(isFontFamily), onInit);

/** The chapter text's width; a stored name outside the list is ignored. */
export const textWidthAtom = atomWithStorage<TextWidth>('textWidth', DEFAULT_TEXT_WIDTH, storedJson(isTextWidth), onInit);
