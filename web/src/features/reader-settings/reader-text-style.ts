import { useAtomValue } from 'jotai';
import type { CSSProperties } from 'react';
import { fontSizeIndexAtom, pageSpaceIndexAtom } from './atoms';
import { FONT_SIZES, PAGE_SPACES } from './reader-preferences';

/** CSS custom properties the reader's text uses for the chosen font size and page spacing. */
export function useReaderTextStyle(): CSSProperties {
  const fontSize = FONT_SIZES[useAtomValue(fontSizeIndexAtom)];
  const pageSpace = PAGE_SPACES[useAtomValue(pageSpaceIndexAtom)];
  return {
    '--reader-font-size': fontSize.size,
    '--reader-paragraph-gap': pageSpace.gap,
    '--reader-page-padding': pageSpace.padding,
  } as CSSProperties;
}
