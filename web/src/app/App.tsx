import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { LiveProvider } from '../features/live/live-context';
import { DocumentTheme } from '../features/reader-settings/components/DocumentTheme';
import { followStoredSession } from '../shared/state/session.atoms';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from './ErrorBoundary';
import { createQueryClient } from '../shared/api/query-client';
import { getAppStore } from '../shared/state/store';

export function App() {
  const [queryClient] = useState(createQueryClient);
  // Other tabs of the browser refresh the tokens, log in and log out too: this tab follows them.
  useEffect(() => followStoredSession(getAppStore()), []);
  return (
    <ErrorBoundary>
      <JotaiProvider store={getAppStore()}>
        <DocumentTheme />
        <QueryClientProvider client={queryClient}>
          <LiveProvider>
            {/* Route changes render in step with session changes (not as a transition), so Log Out on a login-only
                page lands on home instead of the page's redirect to login. */}
            <BrowserRouter useTransitions={false}>
              <AppRoutes />
            </BrowserRouter>
          </LiveProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </ErrorBoundary>
  );
}
