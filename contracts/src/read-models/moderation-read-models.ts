import type { ModeratedComment, ModerationItem, ModerationView } from '../api/operator-responses';
import { AccountEventType } from '../events/account-events';
import type { EventType } from '../events/any-event';
import { PARTITION_COUNT, partitionPartId } from '../events/event-log';
import { SocialEventType } from '../events/social-events';

/** A number as base-36 text of a fixed width, so that such numbers sort as text as they do as numbers (audit and queue keys). */
const sortableNumber = (value: number, width: number): string => value.toString(36).padStart(width, '0');

/** The operators' read models, projected from the log by the workers' moderation and audit projectors. */
export const ModerationReadModelCollection = {
  /** One document per comment ever reported, `_id` = comment id: its moderation state and the comment. */
  ModerationQueue: 'rm_moderation_queue',
  /**
   * The queue's views (review, removed, all) in their order, as ordered pages of comment ids, one set per view and
   * partition: heads and directories, `_id` = moderationViewPartId(...), and their pages.
   */
  ModerationViewHeads: 'rm_moderation_view_heads',
  ModerationViewPages: 'rm_moderation_view_pages',
  /** Every comment as an operator sees it (its text even once removed), `_id` = comment id. */
  ModeratedComments: 'rm_moderated_comments',
  /** A commenter's latest comments in one partition of the log, `_id` = commenterRecentId(...); merged when read. */
  CommenterRecent: 'rm_commenter_recent',
  /**
   * The audit trail as ordered pages, newest last, one set per dimension a filter names (every entry, an actor, a
   * target, an event type) and partition: heads and directories, `_id` = auditPartId(...), and their pages.
   */
  AuditHeads: 'rm_audit_trail_heads',
  AuditPages: 'rm_audit_trail_pages',
} as const;

/** A reported comment's moderation state, with the comment as operators see it; the API adds its book's title. */
export interface ModerationQueueReadModel extends Omit<ModerationItem, 'comment' | 'book_title'> {
  _id: string;
  book_id: number;
  chapter_id: number | null;
  /** The comment as it was when last changed here. */
  comment: ModeratedComment;
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
export const AUDIT_PAGE_ENTRIES = 50;
export const AUDIT_HEAD_ENTRIES = 16;

/** What an audit filter names, each with its own ordered pages: every entry, or those of one actor, target or type. */
export type AuditDimension = 'all' | 'actor' | 'target' | 'type';

export const auditPartId = (dimension: AuditDimension, value: string | null, partition: number): string =>
  partitionPartId(dimension === 'all' ? 'all' : `${dimension}:${value}`, partition);

/** The parts of one dimension's value, one per partition. */
export const auditPartIds = (dimension: AuditDimension, value: string | null): string[] => Array.from({ length: PARTITION_COUNT }, (_, partition) => auditPartId(dimension, value, partition));

const MS_WIDTH = 9;

/**
 * Entries sort by time, then by their stream's version, so that the events of one append (a tenth report and the
 * removal it makes, stored in the same millisecond) keep their order, then by event id.
 */
export const auditEntryKey = (occurredAt: string, version: number, eventId: string): string =>
  `${sortableNumber(Date.parse(occurredAt), MS_WIDTH)}${sortableNumber(version, 6)}${eventId}`;

/** The lowest key of an entry at or after `time`, and one above every key of an entry at or before it. */
export const auditKeyFrom = (time: Date): string => sortableNumber(time.getTime(), MS_WIDTH);
export const auditKeyTo = (time: Date): string => `${sortableNumber(time.getTime(), MS_WIDTH)}~`;

/** An audit entry as its ordered pages hold it: its fields in this order, without their names. */
export type AuditEntryTuple = [event_id: string, type: string, actor: string, target: string, target_kind: 'comment' | 'user', occurred_at: string, summary: string];
export const toAuditTuple = (entry: AuditEntryDocument): AuditEntryTuple => [entry.event_id, entry.type, entry.actor, entry.target, entry.target_kind, entry.occurred_at, entry.summary];
export const fromAuditTuple = ([event_id, type, actor, target, target_kind, occurred_at, summary]: AuditEntryTuple): AuditEntryDocument => ({
  event_id,
  type,
  actor,
  target,
  target_kind,
  occurred_at,
  summary,
});

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
  [AccountEventType.DataExported]: 'Personal data exported',
  [AccountEventType.ErasureRequested]: 'Account deletion requested',
  [AccountEventType.UserErased]: 'Account deleted',
} as const satisfies Partial<Record<EventType, string>>;
export type AuditedEventType = keyof typeof AUDITED_EVENT_TYPES;
export const isAuditedEventType = (type: string): type is AuditedEventType => Object.hasOwn(AUDITED_EVENT_TYPES, type);

/** A comment as the moderation views show it, with its stream's version last applied. */
export interface ModeratedCommentReadModel extends ModeratedComment {
  _id: string;
  version: number;
}

/** Entries (comment ids) per page of the moderation views' ordered pages, and the first of them a head keeps a copy of. */
export const MODERATION_VIEW_PAGE_ENTRIES = 100;
export const MODERATION_VIEW_HEAD_ENTRIES = 20;

export const moderationViewPartId = (view: ModerationView, partition: number): string => partitionPartId(view, partition);

/** Which reported comments each view lists. */
export const inModerationView = (view: ModerationView, item: Pick<ModerationItem, 'needs_review' | 'status'>): boolean =>
  view === 'all' || (view === 'review' ? item.needs_review : item.status === 'removed');

const MOST_REPORTS = 36 ** 4 - 1;

/** A view's order: most open reports first, then the oldest first report, then the comment id. */
export const moderationViewKey = (item: Pick<ModerationQueueReadModel, '_id' | 'open_reports' | 'first_reported_at'>): string =>
  `${sortableNumber(MOST_REPORTS - Math.min(item.open_reports, MOST_REPORTS), 4)}${sortableNumber(Date.parse(item.first_reported_at), MS_WIDTH)}${item._id}`;
