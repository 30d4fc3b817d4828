import type { ModeratedComment, ModerationItem, ModerationView } from '../api/operator-responses';
import { AccountEventType } from '../events/account-events';
import type { EventType } from '../events/any-event';
import { PARTITION_COUNT, partitionPartId } from '../events/event-log';
import { SocialEventType } from '../events/social-events';

/** The operators' read models, projected from the log by the workers' moderation and audit projectors. */
export const ModerationReadModelCollection = {
  /** One document per comment ever reported, `_id` = comment id: its moderation state. */
  ModerationQueue: 'rm_moderation_queue',
  /** The queue's views (review, removed, all) in their order, as ordered pages: heads, `_id` = moderationViewPartId(...). */
  ModerationViewHeads: 'rm_moderation_view_heads',
  ModerationViewPages: 'rm_moderation_view_pages',
  /** Every comment as an operator sees it (its text even once removed), `_id` = comment id: what the views show of it. */
  ModeratedComments: 'rm_moderated_comments',
  /** A commenter's latest comments in one partition of the log, `_id` = commenterRecentId(...); merged when read. */
  CommenterRecent: 'rm_commenter_recent',
  /**
   * The audit trail as ordered pages, newest last, one set per dimension a filter names (every entry, an actor, a
   * target, an event type) and partition: heads, `_id` = auditPartId(...), and their pages.
   */
  AuditHeads: 'rm_audit_trail_heads',
  AuditPages: 'rm_audit_trail_pages',
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

/** One entry of the audit trail: an event's actor, target and time as the log has them, and a line a person reads. */
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

/** Entries per page of the audit trail's ordered pages, and the newest of them a head keeps a copy of. */
export const AUDIT_PAGE_ENTRIES = 100;
export const AUDIT_HEAD_ENTRIES = 16;

/** What an audit filter names, each with its own ordered pages: every entry, or those of one actor, target or type. */
export type AuditDimension = 'all' | 'actor' | 'target' | 'type';

export const auditPartId = (dimension: AuditDimension, value: string | null, partition: number): string =>
  partitionPartId(dimension === 'all' ? 'all' : `${dimension}:${value}`, partition);

/** The parts of one dimension's value, one per partition. */
export const auditPartIds = (dimension: AuditDimension, value: string | null): string[] => Array.from({ length: PARTITION_COUNT }, (_, partition) => auditPartId(dimension, value, partition));

/**
 * Entries sort by time (ISO 8601 times in UTC sort as text), then by their stream's version, so that the events of
 * one append (a tenth report and the removal it makes, stored in the same millisecond) keep their order, then by id.
 */
export const auditEntryKey = (entry: Pick<AuditEntryDocument, 'occurred_at' | 'event_id'>, version: number): string =>
  `${entry.occurred_at}|${String(version).padStart(10, '0')}|${entry.event_id}`;

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

/** A comment as the moderation views show it, with its stream's version last applied. */
export interface ModeratedCommentReadModel extends ModeratedComment {
  _id: string;
  version: number;
}

/** A queue entry as a view's ordered pages hold it: all an item shows but its book's title. */
export type ModerationViewEntry = Omit<ModerationItem, 'book_title'>;

/** Entries per page of the moderation views' ordered pages (each carries its comment's text), and the first of them a head keeps a copy of. */
export const MODERATION_VIEW_PAGE_ENTRIES = 50;
export const MODERATION_VIEW_HEAD_ENTRIES = 12;

export const moderationViewPartId = (view: ModerationView, partition: number): string => partitionPartId(view, partition);

/** Which reported comments each view lists. */
export const inModerationView = (view: ModerationView, item: Pick<ModerationItem, 'needs_review' | 'status'>): boolean =>
  view === 'all' || (view === 'review' ? item.needs_review : item.status === 'removed');

/** A view's order: most open reports first, then the oldest first report, then the comment id. */
export const moderationViewKey = (item: Pick<ModerationItem, 'open_reports' | 'first_reported_at'> & { comment: { comment_id: string } }): string =>
  `${String(999_999 - item.open_reports).padStart(6, '0')}|${item.first_reported_at}|${item.comment.comment_id}`;

