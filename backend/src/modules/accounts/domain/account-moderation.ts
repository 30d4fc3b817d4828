import { AccountEventType, type AccountEvent, type SuspensionDays, utcMinute } from '@shelf/contracts';
import type { NewEvent } from '../../../event-store/event-store';
import { suspendedNow, type UserState } from './user-state';

/** What an operator's command on an account answers: done, or refused with the status and the operator's message. */
export type AccountModerationOutcome = { ok: true; message: string } | { ok: false; status: 400 | 404; message: string };

export interface AccountModerationDecision {
  outcome: AccountModerationOutcome;
  events: NewEvent<AccountEvent>[];
}

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
const done = (message: string, events: NewEvent<AccountEvent>[]): AccountModerationDecision => ({ outcome: { ok: true, message }, events });
const refuse = (status: 400 | 404, message: string): AccountModerationDecision => ({ outcome: { ok: false, status, message }, events: [] });

/** Suspends a reader from commenting for some days or, with null, for good; a new suspension replaces the last. */
export function decideSuspension(user: UserState | null, operatorId: string, days: SuspensionDays, reason: string, now: Date): AccountModerationDecision {
  if (!user) return refuse(404, AccountModerationMessage.userNotFound);
  if (user.userId === operatorId) return refuse(400, AccountModerationMessage.notYourself);
  if (user.operator) return refuse(400, AccountModerationMessage.operatorSuspended);
  const why = reason.trim();
  if (!why || why.length > 500) return refuse(400, AccountModerationMessage.reasonNeeded);
  const until = days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString();
  const message = until === null ? `${user.username} cannot comment any more.` : `${user.username} cannot comment until ${utcMinute(until)}.`;
  return done(message, [{ type: AccountEventType.CommentingSuspended, data: { userId: user.userId, until, reason: why } }]);
}

export function decideSuspensionLift(user: UserState | null, now: Date): AccountModerationDecision {
  if (!user) return refuse(404, AccountModerationMessage.userNotFound);
  if (!suspendedNow(user, now)) return refuse(400, AccountModerationMessage.notSuspended);
  return done(`${user.username} can comment again.`, [{ type: AccountEventType.CommentingSuspensionLifted, data: { userId: user.userId } }]);
}

/** Grants or revokes the operator role; asking for what already holds appends nothing. */
export function decideOperatorRole(user: UserState | null, grant: boolean): AccountModerationDecision {
  if (!user) return refuse(404, AccountModerationMessage.userNotFound);
  const name = `${user.username} (${user.email})`;
  if (grant === user.operator) return done(`${name} ${grant ? AccountModerationMessage.alreadyOperator : AccountModerationMessage.notOperator}`, []);
  const type = grant ? AccountEventType.OperatorGranted : AccountEventType.OperatorRevoked;
  return done(`${name} ${grant ? AccountModerationMessage.granted : AccountModerationMessage.revoked}`, [{ type, data: { userId: user.userId } }]);
}
