import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { createPath, type Location, type NavigateOptions, newKey, resolveTo, type To } from './location';
import { type NavigateFunction, RouterContext } from './router-context';

/** The entry the browser shows; a link's state is kept in history.state as { usr, key }. */
function windowLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = (window.history.state ?? {}) as { usr?: unknown; key?: string };
  return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
}

function Provide({ location, navigate, children }: { location: Location; navigate: NavigateFunction; children: ReactNode }) {
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/**
 * The app's router on the browser's address and history. Each navigation renders at once (no transition), so a
 * route change lands in step with whatever else changed with it.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(windowLocation);
  useEffect(() => {
    const onPopState = () => setLocation(windowLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigate = useCallback((to: To | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') return window.history.go(to);
    const next = { ...resolveTo(to, window.location.pathname), state: options.state ?? null, key: newKey() };
    const entry = { usr: next.state, key: next.key };
    if (options.replace) window.history.replaceState(entry, '', createPath(next));
    else window.history.pushState(entry, '', createPath(next));
    setLocation(next);
  }, []) as NavigateFunction;
  return <Provide location={location} navigate={navigate}>{children}</Provide>;
}

/** A router on a history of its own in memory, starting at the last of `initialEntries` (tests). */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [history, setHistory] = useState(() => ({
    entries: initialEntries.map((entry): Location => ({ ...resolveTo(entry, '/'), state: null, key: newKey() })),
    index: initialEntries.length - 1,
  }));
  const navigate = useCallback((to: To | number, options: NavigateOptions = {}) => {
    setHistory(({ entries, index }) => {
      if (typeof to === 'number') return { entries, index: Math.min(entries.length - 1, Math.max(0, index + to)) };
      const next = { ...resolveTo(to, entries[index].pathname), state: options.state ?? null, key: newKey() };
      const kept = entries.slice(0, options.replace ? index : index + 1);
      return { entries: [...kept, next], index: kept.length };
    });
  }, []) as NavigateFunction;
  return <Provide location={history.entries[history.index]} navigate={navigate}>{children}</Provide>;
}

const stayOnServer = (() => undefined) as NavigateFunction;

/** A router fixed at one address, for rendering a page on the server (where nothing navigates). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const [fixed] = useState((): Location => ({ ...resolveTo(location, '/'), state: null, key: 'default' }));
  return <Provide location={fixed} navigate={stayOnServer}>{children}</Provide>;
}
