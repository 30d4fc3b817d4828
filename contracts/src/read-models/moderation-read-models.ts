import type { ModerationItem } from '../api/operator-responses';
import { AccountEventType } from '../events/account-events';
import type { EventType } from '../events/any-event';
import { partitionId, partitionPartId } from '../events/event-log';
import { SocialEventType } from '../events/social-events';

/** The operators' read models, projected from the log by the workers' moderation and audit projectors. */
export const ModerationReadModelCollection = {
  /** One document per comment ever reported, `_id` = comment id (small: only reported comments). */
  ModerationQueue: 'rm_moderation_queue',
  /** A commenter's latest comments in one partition of the log, `_id` = commenterRecentId(...); merged when read. */
  CommenterRecent: 'rm_commenter_recent',
  /** The moderation and account-security events of each partition of the log, in pages, `_id` = auditPageId(...). */
  AuditPages: 'rm_audit_pages',
  /** One head per partition: how many of its events the audit trail holds, `_id` = partitionId(...). */
  AuditHeads: 'rm_audit_heads',
} as const;

/** A reported comment's moderation state; the API adds the comment and its book's title (ModerationItem). */
export interface ModerationQueueReadModel extends Omit<ModerationItem, 'comment' | 'book_title'> {
  _id: string;
  book_id: number;
  chapter_id: number | null;
  /** The comment stream's version last applied. */
  version: number;
}

/** How many of a commenter's latest comments each part keeps. */
export const COMMENTER_RECENT_ITEMS = 10;

export interface CommenterRecentReadModel {
  _id: string;
  user_id: string;
  comments: { comment_id: string; book_id: number; chapter_id: number | null; comment_time: string }[];
}

export const commenterRecentId = partitionPartId;

/**
 * The audit trail in the bucket pattern, one log per partition (whose consumer is its one writer): a head with the
 * count, and the entries in pages of PAGE_ITEMS in log order. Readers merge the partitions newest first, page by page,
 * by `_id` alone (the embedded store scans for anything else).
 */
export interface AuditEntryDocument {
  event_id: string;
  type: string;
  actor: string;
  target: string;
  target_kind: 'comment' | 'user';
  /** ISO 8601. */
  occurred_at: string;
  summary: string;
}

export interface AuditHeadReadModel {
  _id: string;
  count: number;
  /** The ids of the events counted last (see rememberApplied). */
  applied: string[];
}

export interface AuditPageReadModel {
  _id: string;
  entries: AuditEntryDocument[];
}

export const auditPageId = (partition: number, page: number): string => `${partitionId(partition)}:${page}`;

/** The moderation and account-security events the audit trail lists, with what each is called there. */
export const AUDITED_EVENT_TYPES = {
  [SocialEventType.CommentReportedV2]: 'Comment reported',
  [SocialEventType.CommentReported]: 'Comment reported (before reasons were asked)',
  [SocialEventType.CommentRemoved]: 'Comment removed by reports',
  [SocialEventType.CommentRemovedByOperator]: 'Comment removed by an operator',
  [SocialEventType.CommentReportsDismissed]: 'Reports dismissed',
  [SocialEventType.CommentRestored]: 'Comment restored',
  [AccountEventType.CommentingSuspended]: 'Commenting suspended',
  [AccountEventType.CommentingSuspensionLifted]: 'Commenting suspension lifted',
  [AccountEventType.PasswordResetRequested]: 'Password reset requested',
  [AccountEventType.PasswordResetV2]: 'Password reset',
  [AccountEventType.PasswordReset]: 'Password reset (older record)',
  [AccountEventType.PasswordChangedV2]: 'Password changed',
  [AccountEventType.PasswordChanged]: 'Password changed (older record)',
  [AccountEventType.OperatorGranted]: 'Operator role granted',
  [AccountEventType.OperatorRevoked]: 'Operator role revoked',
} as const satisfies Partial<Record<EventType, string>>;
export type AuditedEventType = keyof typeof AUDITED_EVENT_TYPES;
export const isAuditedEventType = (type: string): type is AuditedEventType => Object.hasOwn(AUDITED_EVENT_TYPES, type);
