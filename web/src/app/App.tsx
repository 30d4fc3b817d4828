import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { LiveProvider } from '../features/live/live-context';
import { DocumentTheme } from '../features/reader-settings/components/DocumentTheme';
import { AppRoutes } from './AppRoutes';
import { createQueryClient } from './query-client';
import { getAppStore } from './store';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
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
  );
}
