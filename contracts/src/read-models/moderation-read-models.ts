import type { ModerationItem } from '../api/operator-responses';
import { AccountEventType } from '../events/account-events';
import type { EventType } from '../events/any-event';
import { partitionId } from '../events/event-log';
import { SocialEventType } from '../events/social-events';

/** The operators' read models, projected from the log by the workers' moderation and audit projectors. */
export const ModerationReadModelCollection = {
  /** One document per comment ever reported, `_id` = comment id (small: only reported comments). */
  ModerationQueue: 'rm_moderation_queue',
  /** A commenter's latest comments in one partition of the log, `_id` = commenterRecentId(...); merged when read. */
  CommenterRecent: 'rm_commenter_recent',
  /** One document per moderation or account-security event, `_id` = event id. */
  AuditTrail: 'rm_audit_trail',
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

export const commenterRecentId = (userId: string, partition: number): string => `${userId}:${partitionId(partition)}`;

export interface AuditTrailReadModel {
  _id: string;
  type: string;
  actor: string;
  target: string;
  target_kind: 'comment' | 'user';
  occurred_at: Date;
  summary: string;
}

/** The moderation and account-security events the audit trail lists, with what each is called there. */
export const AUDITED_EVENT_TYPES = {
  [SocialEventType.CommentReported]: 'Comment reported',
  [SocialEventType.CommentReportedV2]: 'Comment reported',
  [SocialEventType.CommentRemoved]: 'Comment removed by reports',
  [SocialEventType.CommentRemovedByOperator]: 'Comment removed by an operator',
  [SocialEventType.CommentReportsDismissed]: 'Reports dismissed',
  [SocialEventType.CommentRestored]: 'Comment restored',
  [AccountEventType.CommentingSuspended]: 'Commenting suspended',
  [AccountEventType.CommentingSuspensionLifted]: 'Suspension lifted',
  [AccountEventType.PasswordResetRequested]: 'Password reset requested',
  [AccountEventType.PasswordReset]: 'Password reset',
  [AccountEventType.PasswordChanged]: 'Password changed',
  [AccountEventType.OperatorGranted]: 'Operator role granted',
  [AccountEventType.OperatorRevoked]: 'Operator role revoked',
} as const satisfies Partial<Record<EventType, string>>;
export type AuditedEventType = keyof typeof AUDITED_EVENT_TYPES;
export const isAuditedEventType = (type: string): type is AuditedEventType => Object.hasOwn(AUDITED_EVENT_TYPES, type);
