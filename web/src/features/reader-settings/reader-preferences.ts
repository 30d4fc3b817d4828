// The reader's choices, kept in local storage: seven font sizes, five page spacings, six themes
// (in theme.atoms.ts, which every page needs).

export const FONT_SIZES = [
  { label: 'Extra small', size: '0.75rem' },
  { label: 'Small', size: '0.875rem' },
  { label: 'Medium', size: '1rem' },
  { label: 'Large', size: '1.125rem' },
  { label: 'Extra large', size: '1.25rem' },
  { label: '2XL', size: '1.5rem' },
  { label: '3XL', size: '1.875rem' },
] as const;
export const DEFAULT_FONT_SIZE_INDEX = 3;

/** Page spacing: the gap between paragraphs and the room around the text, growing step by step. */
export const PAGE_SPACES = [
  { label: 'Compact', gap: '0.5em', padding: '0' },
  { label: 'Snug', gap: '0.9em', padding: '0.5rem' },
  { label: 'Normal', gap: '1.3em', padding: '1rem' },
  { label: 'Relaxed', gap: '1.7em', padding: '1.75rem' },
  { label: 'Spacious', gap: '2.1em', padding: '2.5rem' },
] as const;
export const DEFAULT_PAGE_SPACE_INDEX = 2;

export { DEFAULT_THEME, isTheme, type Theme, THEMES } from './theme.atoms';

/** A stored index is usable when it is a whole number naming one of `count` steps. */
export function isIndexWithin(count: number) {
  return (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) < count;
}

/** Moves `index` by `delta`, bounded at both ends of `count` steps. */
export function stepIndex(index: number, delta: number, count: number): number {
  return Math.min(count - 1, Math.max(0, index + delta));
}
