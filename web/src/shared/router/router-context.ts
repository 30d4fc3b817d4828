import { createContext, type ReactNode, useContext } from 'react';
import type { Location, NavigateOptions, To } from './location';

/** Goes to `to`, or moves `delta` entries through the history. */
export type NavigateFunction = {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
};

export interface RouterState {
  location: Location;
  navigate: NavigateFunction;
}

export const RouterContext = createContext<RouterState | null>(null);

/** What the matched routes give the elements they render: the path's parameters and the child route's element. */
export interface RouteState {
  params: Readonly<Record<string, string>>;
  outlet: ReactNode;
}

export const RouteContext = createContext<RouteState>({ params: {}, outlet: null });

export function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('This component needs a router above it (BrowserRouter, MemoryRouter or StaticRouter).');
  return router;
}
