import { useAtomValue } from 'jotai';
import { useLayoutEffect } from 'react';
import { isHydrating } from '../../../shared/state/hydration';
import { themeAtom } from '../theme.atoms';
import './themes.css';

/**
 * Puts the chosen theme on <html data-theme>, where themes.css picks it up for the whole site. Renders nothing. While a
 * server-rendered page hydrates, the theme index.html's script put there stays.
 */
export function DocumentTheme() {
  const theme = useAtomValue(themeAtom);
  useLayoutEffect(() => {
    if (!isHydrating()) document.documentElement.dataset.theme = theme;
  }, [theme]);
  return null;
}
