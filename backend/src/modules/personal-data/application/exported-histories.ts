import {
  AccountEventType,
  type AnyDomainEvent,
  type ExportedAccountEvent,
  type ExportedAccountEventKind,
  type ExportedCommentText,
  type ExportedDataRequest,
  type ExportedModerationDecision,
  type ExportedModerationKind,
  type ExportedUsername,
  SocialEventType,
} from '@shelf/contracts';

const ACCOUNT_EVENTS: Partial<Record<string, ExportedAccountEventKind>> = {
  [AccountEventType.UserRegistered]: 'registered',
  [AccountEventType.UserRegisteredV2]: 'registered',
  [AccountEventType.EmailVerified]: 'email-verified',
  [AccountEventType.VerificationResent]: 'verification-resent',
  [AccountEventType.PasswordResetRequested]: 'password-reset-requested',
  [AccountEventType.PasswordReset]: 'password-reset',
  [AccountEventType.PasswordResetV2]: 'password-reset',
  [AccountEventType.UsernameChanged]: 'username-changed',
  [AccountEventType.PasswordChanged]: 'password-changed',
  [AccountEventType.PasswordChangedV2]: 'password-changed',
  [AccountEventType.OperatorGranted]: 'operator-granted',
  [AccountEventType.OperatorRevoked]: 'operator-revoked',
};

const COMMENT_DECISIONS: Partial<Record<string, ExportedModerationKind>> = {
  [SocialEventType.CommentRemoved]: 'comment-removed-by-reports',
  [SocialEventType.CommentRemovedByOperator]: 'comment-removed-by-operator',
  [SocialEventType.CommentReportsDismissed]: 'comment-reports-dismissed',
  [SocialEventType.CommentRestored]: 'comment-restored',
};

export interface ExportedAccountHistory {
  username_history: ExportedUsername[];
  account_history: ExportedAccountEvent[];
  /** "Delete my account" requests. */
  deletion_requests: ExportedDataRequest[];
  /** Suspensions from commenting and their lifting. */
  decisions: ExportedModerationDecision[];
}

/** What the account's own stream (`user-{id}`, oldest first) tells the reader: names, what happened, suspensions. */
export function exportedAccountHistory(events: AnyDomainEvent[]): ExportedAccountHistory {
  const history: ExportedAccountHistory = { username_history: [], account_history: [], deletion_requests: [], decisions: [] };
  for (const event of events) {
    const at = event.occurredAt;
    const kind = ACCOUNT_EVENTS[event.type];
    if (kind) history.account_history.push({ event: kind, at });
    switch (event.type) {
      case AccountEventType.UserRegistered:
      case AccountEventType.UserRegisteredV2:
      case AccountEventType.UsernameChanged:
        history.username_history.push({ username: event.data.username, since: at });
        break;
      case AccountEventType.CommentingSuspended:
        history.decisions.push({ decision: 'commenting-suspended', at, comment_id: null, until: event.data.until, reason: event.data.reason });
        break;
      case AccountEventType.CommentingSuspensionLifted:
        history.decisions.push({ decision: 'commenting-suspension-lifted', at, comment_id: null });
        break;
      case AccountEventType.ErasureRequested:
        history.deletion_requests.push({ request: 'account-deletion', at, summary: 'Account deletion requested; confirmation link e-mailed' });
        break;
    }
  }
  return history;
}

/**
 * What a comment's stream (in version order) tells its author: its texts when it was edited (as posted, then after
 * each edit), and the decisions about it. Reports are left out: their reporters are other readers.
 */
export function exportedCommentHistory(commentId: string, events: AnyDomainEvent[]): { edit_history: ExportedCommentText[]; decisions: ExportedModerationDecision[] } {
  const texts: ExportedCommentText[] = [];
  const decisions: ExportedModerationDecision[] = [];
  for (const event of events) {
    if (event.type === SocialEventType.CommentPosted || event.type === SocialEventType.CommentEdited) texts.push({ text: event.data.comment_content, written_at: event.occurredAt });
    const decision = COMMENT_DECISIONS[event.type];
    if (decision) decisions.push({ decision, at: event.occurredAt, comment_id: commentId });
  }
  return { edit_history: texts.length > 1 ? texts : [], decisions };
}
