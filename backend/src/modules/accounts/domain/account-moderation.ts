import { AccountEventType, type AccountEvent, type SuspensionDays, utcMinute } from '@shelf/contracts';
import type { Decision, NewEvent } from '../../../domain/decision';
import { DomainError } from '../../../domain/domain-error';
import { suspendedNow, type UserState } from './user-state';

/** An operator's command on an account: the operator's message and the events, or a thrown DomainError. */
export type AccountModerationDecision = Decision<string, AccountEvent>;

export const AccountModerationMessage = {
  userNotFound: 'User not found.',
  notYourself: 'You cannot suspend yourself.',
  operatorSuspended: 'An operator cannot be suspended: revoke the role first.',
  reasonNeeded: 'Please give a reason for the suspension (at most 500 characters).',
  notSuspended: 'This reader is not suspended.',
  granted: 'is an operator now.',
  alreadyOperator: 'is already an operator.',
  revoked: 'is no longer an operator.',
  notOperator: 'is not an operator.',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const done = (message: string, events: NewEvent<AccountEvent>[]): AccountModerationDecision => ({ outcome: message, events });

/** The account decided on: refused when there is none. */
function existing(user: UserState | null): UserState {
  if (!user) throw new DomainError('not-found', AccountModerationMessage.userNotFound);
  return user;
}

/** Suspends a reader from commenting for some days or, with null, for good; a new suspension replaces the last. */
export function decideSuspension(state: UserState | null, operatorId: string, days: SuspensionDays, reason: string, now: Date): AccountModerationDecision {
  const user = existing(state);
  if (user.userId === operatorId) throw new DomainError('invalid', AccountModerationMessage.notYourself);
  if (user.operator) throw new DomainError('invalid', AccountModerationMessage.operatorSuspended);
  const why = reason.trim();
  if (!why || why.length > 500) throw new DomainError('invalid', AccountModerationMessage.reasonNeeded);
  const until = days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString();
  const message = until === null ? `${user.username} cannot comment any more.` : `${user.username} cannot comment until ${utcMinute(until)}.`;
  return done(message, [{ type: AccountEventType.CommentingSuspended, data: { userId: user.userId, until, reason: why } }]);
}

export function decideSuspensionLift(state: UserState | null, now: Date): AccountModerationDecision {
  const user = existing(state);
  if (!suspendedNow(user, now)) throw new DomainError('invalid', AccountModerationMessage.notSuspended);
  return done(`${user.username} can comment again.`, [{ type: AccountEventType.CommentingSuspensionLifted, data: { userId: user.userId } }]);
}

/** Grants or revokes the operator role; asking for what already holds appends nothing. */
export function decideOperatorRole(state: UserState | null, grant: boolean): AccountModerationDecision {
  const user = existing(state);
  const name = `${user.username} (${user.email})`;
  if (grant === user.operator) return done(`${name} ${grant ? AccountModerationMessage.alreadyOperator : AccountModerationMessage.notOperator}`, []);
  const type = grant ? AccountEventType.OperatorGranted : AccountEventType.OperatorRevoked;
  return done(`${name} ${grant ? AccountModerationMessage.granted : AccountModerationMessage.revoked}`, [{ type, data: { userId: user.userId } }]);
}
