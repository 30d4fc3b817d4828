import {
  type AuditResponse,
  type ModerationContextResponse,
  type ModerationQueueResponse,
  type ModerationView,
  OperatorApi,
  type OperatorActionResponse,
  type OperatorMeResponse,
  type SuspensionDays,
} from '@shelf/contracts';
import { ApiError, getFile, getJson, postJson } from '../../shared/api/api-client';
import { type AuditFilters, auditQuery } from './audit-filters';

/** The API client adds `/api` itself. */
const path = (apiPath: string) => apiPath.replace(/^\/api/, '');

/** The operator's own record, or null when the account holds no operator role (a 403 is an answer, not a failure). */
export async function fetchOperatorMe(signal?: AbortSignal): Promise<OperatorMeResponse | null> {
  try {
    const me = await getJson<OperatorMeResponse>(path(OperatorApi.me), { signal });
    return me.operator === true ? me : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

export const fetchModerationQueue = (view: ModerationView, page: number, signal?: AbortSignal) =>
  getJson<ModerationQueueResponse>(`${path(OperatorApi.moderation)}?view=${view}&page=${page}`, { signal });

export const fetchModerationContext = (commentId: string, signal?: AbortSignal) =>
  getJson<ModerationContextResponse>(`${path(OperatorApi.moderationComment)}/${encodeURIComponent(commentId)}`, { signal });

/** What an operator may decide about a reported comment. */
export type CommentDecision = 'dismiss' | 'remove' | 'restore';

export const decideOnComment = (decision: CommentDecision, commentId: string) =>
  postJson<OperatorActionResponse>(path(OperatorApi[decision]), { comment_id: commentId });

export interface Suspension {
  userId: string;
  days: SuspensionDays;
  reason: string;
}

export const suspendCommenter = ({ userId, days, reason }: Suspension) =>
  postJson<OperatorActionResponse>(path(OperatorApi.suspend), { user_id: userId, days, reason });

export const liftSuspension = (userId: string) => postJson<OperatorActionResponse>(path(OperatorApi.liftSuspension), { user_id: userId });

export const fetchAudit = (filters: AuditFilters, page: number, signal?: AbortSignal) =>
  getJson<AuditResponse>(`${path(OperatorApi.audit)}?${auditQuery(filters, page)}`, { signal });

/** The audit trail under `filters` as CSV, fetched with the operator's token (a plain link could not send it). */
export const fetchAuditCsv = (filters: AuditFilters) => getFile(`${path(OperatorApi.auditCsv)}?${auditQuery(filters)}`);

/** Sets the cookie that opens the queue dashboard (/admin/queues, outside this app) for 15 minutes. */
export const openQueueDashboardSession = () => postJson<OperatorActionResponse>(path(OperatorApi.queueDashboardSession), {});
