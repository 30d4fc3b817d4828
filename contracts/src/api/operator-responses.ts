import type { ReportReason } from '../comments/report-reasons';

/**
 * The operators' API (`/api/admin/...`): every route needs an access token of an account holding the operator role
 * (granted with `npm run operators -- grant <email>`); others get 401 or 403 with a message.
 */
export const OperatorApi = {
  me: '/api/admin/me',
  moderation: '/api/admin/moderation',
  /** Followed by `/{comment_id}`: the comment in context. */
  moderationComment: '/api/admin/moderation/comments',
  dismiss: '/api/admin/moderation/dismiss',
  remove: '/api/admin/moderation/remove',
  restore: '/api/admin/moderation/restore',
  suspend: '/api/admin/moderation/suspend',
  liftSuspension: '/api/admin/moderation/lift-suspension',
  audit: '/api/admin/audit',
  auditCsv: '/api/admin/audit.csv',
  /** Sets the cookie that opens /admin/queues for 15 minutes. */
  queueDashboardSession: '/api/admin/queue-dashboard-session',
} as const;

export interface OperatorMeResponse {
  operator: true;
  user_id: string;
  username: string;
}

/** Which reported comments a queue page lists: those awaiting a decision, those removed, or every one. */
export type ModerationView = 'review' | 'removed' | 'all';
export const MODERATION_VIEWS: readonly ModerationView[] = ['review', 'removed', 'all'];
export const MODERATION_PAGE_SIZE = 20;

/** Where a reported comment stands: reports open, removed (by reports or an operator), dismissed, restored, or deleted by its author. */
export type ModerationStatus = 'open' | 'removed' | 'dismissed' | 'restored' | 'deleted';

/** A comment as an operator sees it: its text and author even when readers see it removed. */
export interface ModeratedComment {
  comment_id: string;
  book_id: number;
  chapter_id: number | null;
  parent_comment_id: string | null;
  user_id: string;
  username: string;
  comment_content: string;
  comment_time: string;
  deleted: boolean;
  removed: boolean;
}

export interface ModerationItem {
  comment: ModeratedComment;
  book_title: string;
  status: ModerationStatus;
  /** Who removed it: the tenth report, or an operator; null while it is not removed. */
  removed_by: 'reports' | 'operator' | null;
  /** Reports since the last dismissal or restoration. */
  open_reports: number;
  total_reports: number;
  /** Open reports by reason; `none` counts those without one. */
  reasons: Partial<Record<ReportReason | 'none', number>>;
  first_reported_at: string;
  last_reported_at: string;
  /** Open reports, or a removal by reports no operator has looked at yet. */
  needs_review: boolean;
}

export interface ModerationQueueResponse {
  items: ModerationItem[];
  total: number;
  page: number;
  pages: number;
}

export interface CommentingSuspension {
  /** ISO 8601, or null for good. */
  until: string | null;
  reason: string;
}

export interface ModerationContextResponse {
  item: ModerationItem | null;
  comment: ModeratedComment;
  /** The comment it answers, if any. */
  parent: ModeratedComment | null;
  /** The first replies to it (at most 20). */
  replies: ModeratedComment[];
  author: {
    user_id: string;
    username: string;
    suspension: CommentingSuspension | null;
    /** Their latest comments anywhere, newest first (at most 10). */
    recent_comments: ModeratedComment[];
  };
}

/** What an operator action answers. */
export interface OperatorActionResponse {
  message: string;
}

/** Suspension lengths an operator picks from; null is for good. */
export const SUSPENSION_DAYS = [1, 7, 30, null] as const;
export type SuspensionDays = (typeof SUSPENSION_DAYS)[number];

export interface AuditEntry {
  event_id: string;
  /** The event type, e.g. `comment.removed-by-operator.v1`. */
  type: string;
  /** Who did it: a user id, or a system name (`operators-cli:root`). */
  actor: string;
  actor_name: string | null;
  /** What it was done to: a comment id or a user id. */
  target: string;
  target_kind: 'comment' | 'user';
  occurred_at: string;
  /** One line a person reads: "Reported (spam), 3 open reports". */
  summary: string;
}

export interface AuditResponse {
  entries: AuditEntry[];
  page: number;
  has_more: boolean;
}
