import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { onHydrated, shellHasHydrated } from '../shared/state/hydration';
import { followStoredSession } from '../shared/state/session.atoms';
import { getAppStore } from '../shared/state/store';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';

/** The app in the browser; `renderedAt` when it hydrates a page the server rendered at that time. */
export function App({ queryClient, renderedAt }: { queryClient: QueryClient; renderedAt?: number }) {
  // The app's last layout effect: a server-rendered page's shell has hydrated (its boundaries hydrate after it).
  useLayoutEffect(shellHasHydrated, []);
  // Other tabs of the browser refresh the tokens, log in and log out too: this tab follows them, from when the page
  // has hydrated (until then it shows the server's page, with no session).
  useEffect(() => {
    let stop: (() => void) | undefined;
    const cancel = onHydrated(() => (stop = followStoredSession(getAppStore())));
    return () => {
      cancel();
      stop?.();
    };
  }, []);
  return (
    <AppProviders store={getAppStore()} queryClient={queryClient} renderedAt={renderedAt}>
      {/* Route changes render in step with session changes (not as a transition), so Log Out on a login-only
          page lands on home instead of the page's redirect to login. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
