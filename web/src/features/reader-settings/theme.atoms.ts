import { atomWithStorage } from 'jotai/utils';
import { storedJson } from '../../shared/state/stored-json';

// The site's colour theme, which every page needs, apart from the chapter text's settings (reader-preferences.ts).

export const THEMES = ['crimson', 'jade', 'azure', 'light', 'dark', 'gray'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'crimson';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The site's colour theme; a stored name outside the six is ignored. */
export const themeAtom = atomWithStorage<Theme>('theme', DEFAULT_THEME, storedJson(isTheme), { getOnInit: true });
