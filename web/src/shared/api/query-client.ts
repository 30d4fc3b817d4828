import { QueryClient } from '@tanstack/react-query';

/** The spec's cache settings (section 9): fresh 5 minutes, kept 30 minutes, no refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 300_000, gcTime: 1_800_000, refetchOnWindowFocus: false },
    },
  });
}
