import { AccountEventType, type AnyDomainEvent, type AuditedEventType, SocialEventType } from '@shelf/contracts';
import { auditRecord } from './audit-summary';

const event = (type: AuditedEventType, data: object) =>
  ({ id: 'e1', streamId: 's', version: 1, type, data, metadata: { actor: 'op', correlationId: 'k', causationId: null }, occurredAt: '2026-11-23T10:00:00.000Z' }) as Extract<AnyDomainEvent, { type: AuditedEventType }>;

describe('what the audit trail records of an event', () => {
  it('names a comment as the target of comment events', () => {
    const ref = { comment_id: 'c1', book_id: 1, chapter_id: null };
    expect(auditRecord(event(SocialEventType.CommentReportedV2, { ...ref, reporter_id: 'r', report_count: 3, reason: 'spoilers' }))).toEqual({
      target: 'c1', target_kind: 'comment', summary: 'Reported (Unmarked spoilers); 3 open reports',
    });
    expect(auditRecord(event(SocialEventType.CommentReportsDismissed, { ...ref, dismissed_reports: 4 })).summary).toBe('Dismissed 4 open reports');
  });

  it('names the user of account events, of either version, and copies nothing else of a password event', () => {
    const reset = auditRecord(event(AccountEventType.PasswordResetV2, { userId: 'u1', credentialId: 'credential-1' }));
    expect(reset).toEqual({ target: 'u1', target_kind: 'user', summary: 'Password reset with an e-mailed link' });
    expect(auditRecord(event(AccountEventType.PasswordReset, { userId: 'u1' }))).toEqual(reset);
    const changed = { target: 'u1', target_kind: 'user', summary: 'Password changed' };
    expect(auditRecord(event(AccountEventType.PasswordChangedV2, { userId: 'u1', credentialId: 'credential-2' }))).toEqual(changed);
    expect(auditRecord(event(AccountEventType.PasswordChanged, { userId: 'u1' }))).toEqual(changed);
    expect(auditRecord(event(AccountEventType.CommentingSuspended, { userId: 'u1', until: '2026-11-30T12:00:00.000Z', reason: 'Spam' })).summary).toBe(
      'Commenting suspended until 2026-11-30 12:00 UTC: Spam',
    );
    expect(auditRecord(event(AccountEventType.CommentingSuspended, { userId: 'u1', until: null, reason: 'Spam' })).summary).toBe('Commenting suspended for good: Spam');
    // An erased account's reason reads as empty.
    expect(auditRecord(event(AccountEventType.CommentingSuspended, { userId: 'u1', until: null, reason: '' })).summary).toBe('Commenting suspended for good');
  });

  it('records a deletion and its request by account and time alone, with nothing of what was erased', () => {
    const requested = auditRecord(event(AccountEventType.ErasureRequested, { userId: 'u1', email: 'gone@example.test', username: 'Gone' }));
    expect(requested).toEqual({ target: 'u1', target_kind: 'user', summary: 'Account deletion requested; confirmation link e-mailed' });
    expect(auditRecord(event(AccountEventType.UserErased, { userId: 'u1' }))).toEqual({ target: 'u1', target_kind: 'user', summary: 'Account deleted: personal key erased, sessions ended' });
  });
});
