import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { getAppStore } from '../shared/state/store';

/**
 * Renders UI as the app does (router without transitions, query client, the app's jotai store, which the API client shares), at `path`,
 * with retries off. test/setup.ts gives every case a fresh store.
 */
export function renderWithProviders(ui: ReactElement, path = '/'): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <JotaiProvider store={getAppStore()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]} useTransitions={false}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </JotaiProvider>,
  );
}
