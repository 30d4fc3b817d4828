import { AccountEventType, type AnyDomainEvent, SocialEventType } from '@shelf/contracts';
import { exportedAccountHistory, exportedCommentHistory } from './exported-histories';

let version = 0;
const event = (type: string, data: Record<string, unknown>, minute: number) =>
  ({
    id: `e${++version}`,
    streamId: 's',
    version,
    type,
    data,
    metadata: { actor: 'operator-1', correlationId: 'c', causationId: null },
    occurredAt: `2026-11-28T05:${String(minute).padStart(2, '0')}:00.000Z`,
  }) as AnyDomainEvent;
const at = (minute: number) => `2026-11-28T05:${String(minute).padStart(2, '0')}:00.000Z`;

describe("what an export tells of the account's own stream", () => {
  const history = exportedAccountHistory([
    event(AccountEventType.UserRegisteredV2, { userId: 'u1', email: 'a@b.test', username: 'First', credentialId: 'k' }, 0),
    event(AccountEventType.EmailVerified, { userId: 'u1' }, 1),
    event(AccountEventType.UsernameChanged, { userId: 'u1', username: 'Second' }, 2),
    event(AccountEventType.PasswordChangedV2, { userId: 'u1', credentialId: 'k2' }, 3),
    event(AccountEventType.CommentingSuspended, { userId: 'u1', until: null, reason: 'Spam' }, 4),
    event(AccountEventType.CommentingSuspensionLifted, { userId: 'u1' }, 5),
    event(AccountEventType.ErasureRequested, { userId: 'u1', email: 'a@b.test', username: 'Second' }, 6),
  ]);

  it('lists every name the account went by, with when it took it', () => {
    expect(history.username_history).toEqual([
      { username: 'First', since: at(0) },
      { username: 'Second', since: at(2) },
    ]);
  });

  it('lists what happened to the account, without credentials or the actor', () => {
    expect(history.account_history).toEqual([
      { event: 'registered', at: at(0) },
      { event: 'email-verified', at: at(1) },
      { event: 'username-changed', at: at(2) },
      { event: 'password-changed', at: at(3) },
    ]);
    expect(JSON.stringify(history)).not.toMatch(/credential|k2|operator-1/);
  });

  it('gives suspensions as moderation decisions and deletion requests as data requests', () => {
    expect(history.decisions).toEqual([
      { decision: 'commenting-suspended', at: at(4), comment_id: null, until: null, reason: 'Spam' },
      { decision: 'commenting-suspension-lifted', at: at(5), comment_id: null },
    ]);
    expect(history.deletion_requests).toEqual([{ request: 'account-deletion', at: at(6), summary: 'Account deletion requested; confirmation link e-mailed' }]);
  });
});

describe("what an export tells of a comment's stream", () => {
  const ref = { comment_id: 'c1', book_id: 1, chapter_id: null };

  it('gives its texts as posted and after each edit, and the decisions about it, never its reporters', () => {
    const { edit_history, decisions } = exportedCommentHistory('c1', [
      event(SocialEventType.CommentPosted, { ...ref, comment_content: 'first' }, 0),
      event(SocialEventType.CommentEdited, { ...ref, comment_content: 'second' }, 1),
      event(SocialEventType.CommentReportedV2, { ...ref, reporter_id: 'u9', report_count: 1, reason: 'spam' }, 2),
      event(SocialEventType.CommentRemovedByOperator, ref, 3),
      event(SocialEventType.CommentRestored, ref, 4),
    ]);
    expect(edit_history).toEqual([
      { text: 'first', written_at: at(0) },
      { text: 'second', written_at: at(1) },
    ]);
    expect(decisions).toEqual([
      { decision: 'comment-removed-by-operator', at: at(3), comment_id: 'c1' },
      { decision: 'comment-restored', at: at(4), comment_id: 'c1' },
    ]);
    expect(JSON.stringify(decisions)).not.toContain('u9');
  });

  it('gives no edit history for a comment never edited', () => {
    expect(exportedCommentHistory('c1', [event(SocialEventType.CommentPosted, { ...ref, comment_content: 'only' }, 0)]).edit_history).toEqual([]);
    expect(exportedCommentHistory('c1', []).edit_history).toEqual([]);
  });
});
