import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
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
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
