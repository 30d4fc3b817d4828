import { type AnyDomainEvent, AccountEventType, type AccountEvent } from '@shelf/contracts';

/** A user as the account commands see it, folded from the user's stream. */
export interface UserState {
  userId: string;
  email: string;
  username: string;
  passwordHash: string;
  emailVerified: boolean;
  version: number;
}

function apply(user: UserState | null, event: AccountEvent): UserState | null {
  if (event.type === AccountEventType.UserRegistered) return { ...event.data, emailVerified: false, version: event.version };
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
    case AccountEventType.PasswordResetRequested:
    case AccountEventType.RegistrationAttempted: // in a stream of its own: never in the user's
      return next;
  }
}

export function foldUser(history: AnyDomainEvent[]): UserState | null {
  return (history as AccountEvent[]).reduce<UserState | null>(apply, null);
}
