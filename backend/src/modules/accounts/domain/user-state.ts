import {
  type AccountEvent,
  AccountEventType,
  type AnyDomainEvent,
  type CommentingSuspension,
  type PasswordChangedV1,
  type PasswordChangedV2,
  type PasswordResetV1,
  type PasswordResetV2,
  type PublicAccount,
  publicAccountChange,
  type UserRegisteredV1,
  type UserRegisteredV2,
} from '@shelf/contracts';

/**
 * Where the hash of the user's password is kept: the credential its latest v2 registration, reset or change named; or,
 * when a v1 event set it, that event (v1 events stored the hash itself, which only the accounts module reads).
 */
export type PasswordCredential = { credentialId: string } | { v1EventVersion: number };

/** A user as the account commands see it, folded from the user's stream: none once the account is erased. */
export interface UserState {
  userId: string;
  email: string;
  username: string;
  /** ISO time of the registration. */
  registeredAt: string;
  password: PasswordCredential;
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
  if (event.type === AccountEventType.UserRegistered || event.type === AccountEventType.UserRegisteredV2) {
    const { userId, email } = event.data;
    const seen = publicAccountChange(event) as PublicAccount;
    return { userId, email, ...seen, registeredAt: event.occurredAt, password: passwordOf(event), emailVerified: false, version: event.version };
  }
  if (!user) return null;
  const next = { ...user, ...publicAccountChange(event), version: event.version };
  switch (event.type) {
    case AccountEventType.EmailVerified:
      return { ...next, emailVerified: true };
    case AccountEventType.PasswordChanged:
    case AccountEventType.PasswordReset:
    case AccountEventType.PasswordChangedV2:
    case AccountEventType.PasswordResetV2:
      return { ...next, password: passwordOf(event) };
    case AccountEventType.UserErased:
      return null;
    case AccountEventType.UsernameChanged: // changes others see: publicAccountChange
    case AccountEventType.OperatorGranted:
    case AccountEventType.OperatorRevoked:
    case AccountEventType.CommentingSuspended:
    case AccountEventType.CommentingSuspensionLifted:
    case AccountEventType.PasswordResetRequested:
    case AccountEventType.VerificationResent:
    case AccountEventType.ErasureRequested:
    case AccountEventType.RegistrationAttempted: // in a stream of its own: never in the user's
    case AccountEventType.DataExported: // likewise
      return next;
  }
}

type PasswordSet = UserRegisteredV1 | UserRegisteredV2 | PasswordResetV1 | PasswordResetV2 | PasswordChangedV1 | PasswordChangedV2;

function passwordOf(event: PasswordSet): PasswordCredential {
  return 'credentialId' in event.data ? { credentialId: event.data.credentialId } : { v1EventVersion: event.version };
}

export function foldUser(history: AnyDomainEvent[]): UserState | null {
  return (history as AccountEvent[]).reduce<UserState | null>(apply, null);
}
