import { AccountEventType } from '@shelf/contracts';
import { refusalOf } from '../../../domain/refusal-of';
import { decideOperatorRole, decideSuspension, decideSuspensionLift } from './account-moderation';
import type { UserState } from './user-state';

const now = new Date('2026-11-23T12:00:00.000Z');
const reader: UserState = { userId: 'u1', email: 'r@example.test', username: 'Reader', registeredAt: '2026-11-01T10:00:00.000Z', password: { credentialId: 'c1' }, emailVerified: true, operator: false, suspension: null, version: 3 };

describe('operators’ decisions on an account', () => {
  it('suspends a reader for some days or for good, with a reason', () => {
    expect(decideSuspension(reader, 'op', 7, ' Spam ', now)).toEqual({
      outcome: 'Reader cannot comment until 2026-11-30 12:00 UTC.',
      events: [{ type: AccountEventType.CommentingSuspended, data: { userId: 'u1', until: '2026-11-30T12:00:00.000Z', reason: 'Spam' } }],
    });
    expect(decideSuspension(reader, 'op', null, 'Spam', now).events[0].data).toEqual({ userId: 'u1', until: null, reason: 'Spam' });
    expect(decideSuspension(reader, 'op', null, 'Spam', now).outcome).toBe('Reader cannot comment any more.');
  });

  it('refuses to suspend nobody, oneself, an operator, or without a reason', () => {
    expect(refusalOf(() => decideSuspension(null, 'op', 1, 'x', now))).toEqual({ code: 'not-found', message: 'User not found.' });
    expect(refusalOf(() => decideSuspension(reader, 'u1', 1, 'x', now))).toEqual({ code: 'invalid', message: 'You cannot suspend yourself.' });
    expect(refusalOf(() => decideSuspension({ ...reader, operator: true }, 'op', 1, 'x', now))).toEqual({ code: 'invalid', message: 'An operator cannot be suspended: revoke the role first.' });
    const reasonNeeded = { code: 'invalid', message: 'Please give a reason for the suspension (at most 500 characters).' };
    expect(refusalOf(() => decideSuspension(reader, 'op', 1, '   ', now))).toEqual(reasonNeeded);
    expect(refusalOf(() => decideSuspension(reader, 'op', 1, 'x'.repeat(501), now))).toEqual(reasonNeeded);
  });

  it('lifts a suspension in force, and not one that ran out', () => {
    const suspended = { ...reader, suspension: { until: '2026-11-24T00:00:00.000Z', reason: 'Spam' } };
    expect(decideSuspensionLift(suspended, now)).toEqual({
      outcome: 'Reader can comment again.',
      events: [{ type: AccountEventType.CommentingSuspensionLifted, data: { userId: 'u1' } }],
    });
    const notSuspended = { code: 'invalid', message: 'This reader is not suspended.' };
    expect(refusalOf(() => decideSuspensionLift(suspended, new Date('2026-11-25T00:00:00.000Z')))).toEqual(notSuspended);
    expect(decideSuspensionLift({ ...reader, suspension: { until: null, reason: 'x' } }, new Date('2099-01-01')).events).toHaveLength(1);
    expect(refusalOf(() => decideSuspensionLift(null, now))).toEqual({ code: 'not-found', message: 'User not found.' });
    expect(refusalOf(() => decideSuspensionLift(reader, now))).toEqual(notSuspended);
  });

  it('grants and revokes the operator role once', () => {
    expect(decideOperatorRole(reader, true)).toEqual({
      outcome: 'Reader (r@example.test) is an operator now.',
      events: [{ type: AccountEventType.OperatorGranted, data: { userId: 'u1' } }],
    });
    expect(decideOperatorRole({ ...reader, operator: true }, true)).toEqual({ outcome: 'Reader (r@example.test) is already an operator.', events: [] });
    expect(decideOperatorRole({ ...reader, operator: true }, false).events).toEqual([{ type: AccountEventType.OperatorRevoked, data: { userId: 'u1' } }]);
    expect(decideOperatorRole({ ...reader, operator: true }, false).outcome).toBe('Reader (r@example.test) is no longer an operator.');
    expect(decideOperatorRole(reader, false)).toEqual({ outcome: 'Reader (r@example.test) is not an operator.', events: [] });
    expect(refusalOf(() => decideOperatorRole(null, true))).toEqual({ code: 'not-found', message: 'User not found.' });
  });
});
