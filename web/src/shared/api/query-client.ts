import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** A refusal (4xx) answers the same the next time: only failures that may pass (network, 5xx) are tried again, up to 3 times. */
const mayPassNextTime = (failures: number, error: Error): boolean => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 3;

/** The cache settings: fresh 5 minutes, kept 30 minutes, no refetch on window focus; refusals not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 300_000, gcTime: 1_800_000, refetchOnWindowFocus: false, retry: mayPassNextTime },
    },
  });
}
