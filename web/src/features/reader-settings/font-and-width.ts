// The reader's font family and text width (issue 14 item 5), beside the spec's sizes, spacings and themes. Kept apart
// from reader-preferences.ts so that only the chapter page's code carries them, never the home page's.

/**
 * The chapter text's font: the site's own sans-serif (the default, as the chapter looked before there was a choice), a
 * serif, or OpenDyslexic, a dyslexia-friendly font shipped from npm and fetched from the site only once chosen.
 */
export const FONT_FAMILIES = [
  { id: 'serif', label: 'Serif', stack: "ui-serif, Georgia, Cambria, 'Times New Roman', Times, serif" },
  { id: 'sans', label: 'Sans-serif', stack: 'var(--font-body)' },
  { id: 'dyslexic', label: 'Dyslexia-friendly (OpenDyslexic)', stack: "'OpenDyslexic', var(--font-body)" },
] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number]['id'];
export const DEFAULT_FONT_FAMILY: FontFamily = 'sans';

/**
 * The longest line of the chapter text, in characters of its own font (`ch`); Full keeps the whole column, as the
 * chapter looked before there was a choice. A narrower screen always wins: the text never gets wider than the page.
 */
export const TEXT_WIDTHS = [
  { id: 'narrow', label: 'Narrow', maxWidth: '60ch' },
  { id: 'medium', label: 'Medium', maxWidth: '75ch' },
  { id: 'wide', label: 'Wide', maxWidth: '90ch' },
  { id: 'full', label: 'Full', maxWidth: 'none' },
] as const;
export type TextWidth = (typeof TEXT_WIDTHS)[number]['id'];
export const DEFAULT_TEXT_WIDTH: TextWidth = 'full';

export function isFontFamily(value: unknown): value is FontFamily {
  return FONT_FAMILIES.some((family) => family.id === value);
}

export function isTextWidth(value: unknown): value is TextWidth {
  return TEXT_WIDTHS.some((width) => width.id === value);
}

export const fontFamilyById = (id: FontFamily) => FONT_FAMILIES.find((family) => family.id === id)!;
export const textWidthById = (id: TextWidth) => TEXT_WIDTHS.find((width) => width.id === id)!;
