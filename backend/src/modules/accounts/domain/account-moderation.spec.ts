import { type AccountEvent, AccountEventType, type SuspensionDays } from '@shelf/contracts';
import { deciderSpec, foldStream, storedEvent } from '@test/decider-spec';
import { decideOperatorRole, decideSuspension, decideSuspensionLift } from './account-moderation';
import { foldUser } from './user-state';

const event = (type: AccountEvent['type'], data: object = {}) => storedEvent('user-u1', type, { userId: 'u1', ...data });
const registered = () => event(AccountEventType.UserRegisteredV2, { email: 'r@example.test', username: 'Reader', credentialId: 'c1' });
const verified = () => event(AccountEventType.EmailVerified);
const operator = () => event(AccountEventType.OperatorGranted);
const suspended = (until: string | null) => event(AccountEventType.CommentingSuspended, { until, reason: 'Spam' });
const now = new Date('2026-11-23T12:00:00.000Z');

const user = foldStream(foldUser);
const suspend = deciderSpec(user, (state, { by = 'op', days = 1, reason = 'x' }: { by?: string; days?: SuspensionDays; reason?: string }) =>
  decideSuspension(state, by, days, reason, now),
);
const lift = deciderSpec(user, decideSuspensionLift);
const role = deciderSpec(user, decideOperatorRole);
const reasonNeeded = 'Please give a reason for the suspension (at most 500 characters).';

describe('an operator suspending a reader', () => {
  it('suspends for some days, with the reason trimmed', () =>
    suspend
      .given(registered(), verified())
      .when({ days: 7, reason: ' Spam ' })
      .then([{ type: AccountEventType.CommentingSuspended, data: { userId: 'u1', until: '2026-11-30T12:00:00.000Z', reason: 'Spam' } }], 'Reader cannot comment until 2026-11-30 12:00 UTC.'));

  it('suspends for good', () =>
    suspend
      .given(registered(), verified())
      .when({ days: null, reason: 'Spam' })
      .then([{ type: AccountEventType.CommentingSuspended, data: { userId: 'u1', until: null, reason: 'Spam' } }], 'Reader cannot comment any more.'));

  it('refuses a missing account', () => suspend.given().when({}).thenRefuses('not-found', 'User not found.'));

  it('refuses to suspend oneself', () => suspend.given(registered(), verified()).when({ by: 'u1' }).thenRefuses('invalid', 'You cannot suspend yourself.'));

  it('refuses to suspend an operator', () =>
    suspend.given(registered(), verified(), operator()).when({}).thenRefuses('invalid', 'An operator cannot be suspended: revoke the role first.'));

  it('refuses a blank reason', () => suspend.given(registered(), verified()).when({ reason: '   ' }).thenRefuses('invalid', reasonNeeded));

  it('refuses a reason of more than 500 characters', () => suspend.given(registered(), verified()).when({ reason: 'x'.repeat(501) }).thenRefuses('invalid', reasonNeeded));
});

describe('an operator lifting a suspension', () => {
  it('lifts a suspension in force', () =>
    lift
      .given(registered(), verified(), suspended('2026-11-24T00:00:00.000Z'))
      .when(now)
      .then([{ type: AccountEventType.CommentingSuspensionLifted, data: { userId: 'u1' } }], 'Reader can comment again.'));

  it('lifts a suspension for good, whenever', () =>
    lift.given(registered(), verified(), suspended(null)).when(new Date('2099-01-01')).then([{ type: AccountEventType.CommentingSuspensionLifted, data: { userId: 'u1' } }]));

  it('refuses a suspension that ran out', () =>
    lift.given(registered(), verified(), suspended('2026-11-24T00:00:00.000Z')).when(new Date('2026-11-25T00:00:00.000Z')).thenRefuses('invalid', 'This reader is not suspended.'));

  it('refuses a reader never suspended', () => lift.given(registered(), verified()).when(now).thenRefuses('invalid', 'This reader is not suspended.'));

  it('refuses a missing account', () => lift.given().when(now).thenRefuses('not-found', 'User not found.'));
});

describe('an operator granting or revoking the operator role', () => {
  it('grants the role', () =>
    role.given(registered(), verified()).when(true).then([{ type: AccountEventType.OperatorGranted, data: { userId: 'u1' } }], 'Reader (r@example.test) is an operator now.'));

  it('grants it once', () => role.given(registered(), verified(), operator()).when(true).then([], 'Reader (r@example.test) is already an operator.'));

  it('revokes the role', () =>
    role.given(registered(), verified(), operator()).when(false).then([{ type: AccountEventType.OperatorRevoked, data: { userId: 'u1' } }], 'Reader (r@example.test) is no longer an operator.'));

  it('revokes it once', () => role.given(registered(), verified()).when(false).then([], 'Reader (r@example.test) is not an operator.'));

  it('refuses a missing account', () => role.given().when(true).thenRefuses('not-found', 'User not found.'));
});
