import { AccountEventType, type AnyDomainEvent, type AuditedEventType, REPORT_REASON_LABELS, SocialEventType, utcMinute } from '@shelf/contracts';

type Audited = Extract<AnyDomainEvent, { type: AuditedEventType }>;

/** What the audit trail records of an event: what it was done to, and one line a person reads (never a secret). */
export function auditRecord(event: Audited): { target: string; target_kind: 'comment' | 'user'; summary: string } {
  if ('comment_id' in event.data) return { target: event.data.comment_id, target_kind: 'comment', summary: commentSummary(event) };
  return { target: event.data.userId, target_kind: 'user', summary: accountSummary(event) };
}

function commentSummary(event: Audited): string {
  switch (event.type) {
    case SocialEventType.CommentReported:
      return `Reported; ${event.data.report_count} open reports`;
    case SocialEventType.CommentReportedV2:
      return `Reported (${event.data.reason ? REPORT_REASON_LABELS[event.data.reason] : 'no reason given'}); ${event.data.report_count} open reports`;
    case SocialEventType.CommentRemoved:
      return 'Removed by its reports';
    case SocialEventType.CommentRemovedByOperator:
      return 'Removed by an operator';
    case SocialEventType.CommentReportsDismissed:
      return `Dismissed ${event.data.dismissed_reports} open reports`;
    case SocialEventType.CommentRestored:
      return 'Restored';
    default:
      return event.type;
  }
}

function accountSummary(event: Audited): string {
  switch (event.type) {
    case AccountEventType.CommentingSuspended:
      // An erased account's reason reads as empty (its key is gone): the line then ends with the time.
      return `Commenting suspended ${event.data.until === null ? 'for good' : `until ${utcMinute(event.data.until)}`}${event.data.reason ? `: ${event.data.reason}` : ''}`;
    case AccountEventType.CommentingSuspensionLifted:
      return 'Suspension from commenting lifted';
    case AccountEventType.PasswordResetRequested:
      return 'Password reset link requested';
    case AccountEventType.PasswordReset:
    case AccountEventType.PasswordResetV2:
      return 'Password reset with an e-mailed link';
    case AccountEventType.PasswordChanged:
    case AccountEventType.PasswordChangedV2:
      return 'Password changed';
    case AccountEventType.OperatorGranted:
      return 'Operator role granted';
    case AccountEventType.OperatorRevoked:
      return 'Operator role revoked';
    case AccountEventType.DataExported:
      return `Personal data exported (${event.data.format === 'html' ? 'readable summary' : 'JSON file'})`;
    // The account's id and the time alone: nothing of what was erased.
    case AccountEventType.ErasureRequested:
      return 'Account deletion requested; confirmation link e-mailed';
    case AccountEventType.UserErased:
      return 'Account deleted: personal key erased, sessions ended';
    default:
      return event.type;
  }
}
