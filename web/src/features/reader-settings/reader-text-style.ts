import { useAtomValue } from 'jotai';
import { type CSSProperties, use, useEffect, useState } from 'react';
import { useHydrated } from '../../shared/state/hydration';
import { fontSizeIndexAtom, pageSpaceIndexAtom } from './atoms';
import { loadDyslexicFont } from './dyslexic-font';
import { fontFamilyById, textWidthById } from './font-and-width';
import { fontFamilyAtom, textWidthAtom } from './font-and-width.atoms';
import { FONT_SIZES, PAGE_SPACES } from './reader-preferences';

/**
 * CSS custom properties the reader's text uses for the chosen font size, page spacing, font family and text width.
 * Every choice is read from local storage before the first render, so the text never shows at another width first.
 * A server-rendered page gets none until it has hydrated: index.html's script has put the reader's choices on <html>.
 *
 * The dyslexia-friendly font is fetched only once chosen. A page that opens with it chosen suspends until it has
 * loaded (at most a few seconds, see dyslexic-font.ts), so the text first shows in that font and at the width its `ch`
 * gives; a choice made on the page applies at once, and the font swaps in when it has loaded.
 */
export function useReaderTextStyle(): CSSProperties | undefined {
  const hydrated = useHydrated();
  const fontSize = FONT_SIZES[useAtomValue(fontSizeIndexAtom)];
  const pageSpace = PAGE_SPACES[useAtomValue(pageSpaceIndexAtom)];
  const fontFamily = useAtomValue(fontFamilyAtom);
  const textWidth = textWidthById(useAtomValue(textWidthAtom));
  const [openedWith] = useState(fontFamily);
  if (fontFamily === 'dyslexic' && openedWith === 'dyslexic') use(loadDyslexicFont());
  usePreloadReaderFont();
  if (!hydrated) return undefined;
  return {
    '--reader-font-size': fontSize.size,
    '--reader-paragraph-gap': pageSpace.gap,
    '--reader-page-padding': pageSpace.padding,
    '--reader-font-family': fontFamilyById(fontFamily).stack,
    '--reader-text-width': textWidth.maxWidth,
  } as CSSProperties;
}

/** Starts fetching the chosen font, e.g. while the page's data is still on its way (see useReaderTextStyle). */
export function usePreloadReaderFont(): void {
  const fontFamily = useAtomValue(fontFamilyAtom);
  useEffect(() => {
    if (fontFamily === 'dyslexic') void loadDyslexicFont();
  }, [fontFamily]);
}
