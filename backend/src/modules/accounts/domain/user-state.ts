import { type AnyDomainEvent, AccountEventType, type AccountEvent, type CommentingSuspension } from '@shelf/contracts';

/** A user as the account commands see it, folded from the user's stream. */
export interface UserState {
  userId: string;
  email: string;
  username: string;
  passwordHash: string;
  emailVerified: boolean;
  /** Holds the operator role (`npm run operators -- grant`). */
  operator: boolean;
  /** The last suspension from commenting, while not lifted (it may have run out: see suspendedNow). */
  suspension: CommentingSuspension | null;
  version: number;
}

/** The suspension in force at `now`, if any. */
export function suspendedNow(user: Pick<UserState, 'suspension'>, now = new Date()): CommentingSuspension | null {
  const { suspension } = user;
  if (!suspension) return null;
  return suspension.until === null || Date.parse(suspension.until) > now.getTime() ? suspension : null;
}

function apply(user: UserState | null, event: AccountEvent): UserState | null {
  if (event.type === AccountEventType.UserRegistered) return { ...event.data, emailVerified: false, operator: false, suspension: null, version: event.version };
  if (!user) return null;
  const next = { ...user, version: event.version };
  switch (event.type) {
    case AccountEventType.EmailVerified:
      return { ...next, emailVerified: true };
    case AccountEventType.UsernameChanged:
      return { ...next, username: event.data.username };
    case AccountEventType.PasswordChanged:
    case AccountEventType.PasswordReset:
      return { ...next, passwordHash: event.data.passwordHash };
    case AccountEventType.OperatorGranted:
      return { ...next, operator: true };
    case AccountEventType.OperatorRevoked:
      return { ...next, operator: false };
    case AccountEventType.CommentingSuspended:
      return { ...next, suspension: { until: event.data.until, reason: event.data.reason } };
    case AccountEventType.CommentingSuspensionLifted:
      return { ...next, suspension: null };
    case AccountEventType.PasswordResetRequested:
    case AccountEventType.RegistrationAttempted: // in a stream of its own: never in the user's
      return next;
  }
}

export function foldUser(history: AnyDomainEvent[]): UserState | null {
  return (history as AccountEvent[]).reduce<UserState | null>(apply, null);
}
