import type { ModerationView } from '@shelf/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { isLoggedInAtom, userAtom } from '../../shared/state/session.atoms';
import { fetchAudit, fetchModerationContext, fetchModerationQueue, fetchOperatorMe } from './api';
import type { AuditFilters } from './audit-filters';

export const operatorKeys = {
  all: ['operators'] as const,
  me: (userId: string) => [...operatorKeys.all, 'me', userId] as const,
  queues: () => [...operatorKeys.all, 'queue'] as const,
  queue: (view: ModerationView, page: number) => [...operatorKeys.queues(), view, page] as const,
  contexts: () => [...operatorKeys.all, 'context'] as const,
  context: (commentId: string) => [...operatorKeys.contexts(), commentId] as const,
  audits: () => [...operatorKeys.all, 'audit'] as const,
  audit: (filters: AuditFilters, page: number) => [...operatorKeys.audits(), filters, page] as const,
};

export interface OperatorState {
  loggedIn: boolean;
  /** The answer is not in yet (always false for a visitor). */
  isPending: boolean;
  isOperator: boolean;
  /** Asking failed (not a 403, which means "no operator"). */
  error: Error | null;
}

/**
 * Whether the logged-in account holds the operator role (GET /api/admin/me), asked only when logged in and, with
 * `enabled: false`, only once wanted (the account menu asks when it opens). A 403 answers "no", not an error.
 */
export function useOperator({ enabled = true }: { enabled?: boolean } = {}): OperatorState {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const userId = useAtomValue(userAtom)?.user_id ?? '';
  const query = useQuery({
    queryKey: operatorKeys.me(userId),
    queryFn: ({ signal }) => fetchOperatorMe(signal),
    enabled: loggedIn && enabled,
    staleTime: 5 * 60_000,
  });
  return {
    loggedIn,
    isPending: loggedIn && query.isPending,
    isOperator: loggedIn && query.data?.operator === true,
    error: loggedIn ? query.error : null,
  };
}

/** One page of the moderation queue; the previous page stays on screen while the next loads. */
export function useModerationQueue(view: ModerationView, page: number) {
  return useQuery({
    queryKey: operatorKeys.queue(view, page),
    queryFn: ({ signal }) => fetchModerationQueue(view, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** A reported comment in context: its parent, replies and author (with suspension and latest comments). */
export function useModerationContext(commentId: string) {
  return useQuery({ queryKey: operatorKeys.context(commentId), queryFn: ({ signal }) => fetchModerationContext(commentId, signal) });
}

/** One page of the audit trail under the filters, newest first. */
export function useAuditTrail(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: operatorKeys.audit(filters, page),
    queryFn: ({ signal }) => fetchAudit(filters, page, signal),
    placeholderData: keepPreviousData,
  });
}
