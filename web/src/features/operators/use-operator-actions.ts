import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/api-client';
import { type CommentDecision, decideOnComment, liftSuspension, openQueueDashboardSession, type Suspension, suspendCommenter } from './api';
import { operatorKeys } from './queries';

/** What an action answered, shown to the operator: the answer's message, or why it was refused. */
export interface ActionNotice {
  text: string;
  isError: boolean;
}

export const GENERIC_FAILURE = 'An error occurred. Please try again.';

/** The server's message of a refusal (400, 403, 404, 503 …), else the general one. */
export const failureText = (error: unknown): string => (error instanceof ApiError && error.fromServer ? error.message : GENERIC_FAILURE);

/** After a decision the queue, the comments in context and the audit trail are fetched again. */
const refreshAfterDecision = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: operatorKeys.queues() }),
    queryClient.invalidateQueries({ queryKey: operatorKeys.contexts() }),
    queryClient.invalidateQueries({ queryKey: operatorKeys.audits() }),
  ]);

/**
 * Dismiss reports, Remove or Restore one comment. The answer (or the refusal) goes to `onNotice`, even when the card
 * is gone meanwhile; the mutation stays pending until the queue shows the change.
 */
export function useCommentDecision(onNotice: (notice: ActionNotice) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, commentId }: { decision: CommentDecision; commentId: string }) => decideOnComment(decision, commentId),
    onSuccess: (answer) => onNotice({ text: answer.message, isError: false }),
    onError: (error) => onNotice({ text: failureText(error), isError: true }),
    onSettled: () => refreshAfterDecision(queryClient),
  });
}

/** Suspends a commenter (1, 7 or 30 days, or for good) with a reason, or lifts their suspension. */
export function useSuspensionChange(onNotice: (notice: ActionNotice) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { lift: true; userId: string } | ({ lift: false } & Suspension)) =>
      change.lift ? liftSuspension(change.userId) : suspendCommenter(change),
    onSuccess: (answer) => onNotice({ text: answer.message, isError: false }),
    onError: (error) => onNotice({ text: failureText(error), isError: true }),
    onSettled: () => refreshAfterDecision(queryClient),
  });
}

/** Opens the queue dashboard: a 15-minute session cookie first, then the dashboard (outside this app) in this tab. */
export function useQueueDashboard(onNotice: (notice: ActionNotice) => void, open: (path: string) => void = (path) => window.location.assign(path)) {
  return useMutation({
    mutationFn: openQueueDashboardSession,
    onSuccess: () => open('/admin/queues'),
    onError: (error) => onNotice({ text: failureText(error), isError: true }),
  });
}
