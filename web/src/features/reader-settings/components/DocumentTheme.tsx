import { useAtomValue } from 'jotai';
import { useLayoutEffect } from 'react';
import { themeAtom } from '../atoms';
import './themes.css';

/** Puts the chosen theme on <html data-theme>, where themes.css picks it up for the whole site. Renders nothing. */
export function DocumentTheme() {
  const theme = useAtomValue(themeAtom);
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return null;
}
