import { AccountEventType, type AnyDomainEvent, type AuditedEventType, SocialEventType } from '@shelf/contracts';
import { erasedForm } from './erasable-entries';

const event = (type: AuditedEventType, streamId: string, data: object) =>
  ({ id: 'e1', streamId, version: 1, type, data, metadata: { actor: 'op', correlationId: 'k', causationId: null }, occurredAt: '2026-11-23T10:00:00.000Z' }) as Extract<AnyDomainEvent, { type: AuditedEventType }>;

describe("an audited event's form once its account is erased", () => {
  it("blanks a suspension's reason, for the suspended account", () => {
    const suspended = event(AccountEventType.CommentingSuspended, 'user-u1', { userId: 'u1', until: null, reason: 'Names them' });
    expect(erasedForm(suspended)).toEqual({ owner: 'u1', erased: { ...suspended, data: { userId: 'u1', until: null, reason: '' } } });
  });

  it('has none for an event without personal fields, or outside its owner’s own stream', () => {
    expect(erasedForm(event(AccountEventType.PasswordChanged, 'user-u1', { userId: 'u1' }))).toBeNull();
    expect(erasedForm(event(SocialEventType.CommentRemoved, 'comment-c1', { comment_id: 'c1', book_id: 1, chapter_id: null }))).toBeNull();
    expect(erasedForm(event(AccountEventType.CommentingSuspended, 'elsewhere', { userId: 'u1', until: null, reason: 'x' }))).toBeNull();
  });
});
