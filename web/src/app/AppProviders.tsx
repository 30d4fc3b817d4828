import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { LiveProvider } from '../shared/live/live-provider';
import { DocumentTheme } from '../features/reader-settings';
import type { AppStore } from '../shared/state/store';
import { RenderTimeContext } from '../shared/time/use-now';
import { ErrorBoundary } from './ErrorBoundary';

interface AppProvidersProps {
  store: AppStore;
  queryClient: QueryClient;
  /** When the server rendered the page (ms), for a page rendered on the server. */
  renderedAt?: number;
  /** The router and its routes. */
  children: ReactNode;
}

/** What every page of the app renders within, in the browser and on the server alike. */
export function AppProviders({ store, queryClient, renderedAt, children }: AppProvidersProps) {
  return (
    <ErrorBoundary>
      <JotaiProvider store={store}>
        <DocumentTheme />
        <QueryClientProvider client={queryClient}>
          <RenderTimeContext value={renderedAt ?? null}>
            <LiveProvider>{children}</LiveProvider>
          </RenderTimeContext>
        </QueryClientProvider>
      </JotaiProvider>
    </ErrorBoundary>
  );
}
