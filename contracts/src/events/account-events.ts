import type { DomainEvent } from './domain-event';

export const AccountEventType = {
  UserRegistered: 'user.registered.v1',
  EmailVerified: 'user.email-verified.v1',
  PasswordResetRequested: 'user.password-reset-requested.v1',
  PasswordReset: 'user.password-reset.v1',
  UsernameChanged: 'user.username-changed.v1',
  PasswordChanged: 'user.password-changed.v1',
  RegistrationAttempted: 'user.registration-attempted.v1',
  /** Granted and revoked with `npm run operators` (the actor names the command and the system user who ran it). */
  OperatorGranted: 'user.operator-granted.v1',
  OperatorRevoked: 'user.operator-revoked.v1',
  /** An operator (the actor) stopped the user from commenting until a time, or for good (`until` null). */
  CommentingSuspended: 'user.commenting-suspended.v1',
  CommentingSuspensionLifted: 'user.commenting-suspension-lifted.v1',
} as const;

export type UserRegisteredV1 = DomainEvent<typeof AccountEventType.UserRegistered, { userId: string; email: string; username: string; passwordHash: string }>;
export type EmailVerifiedV1 = DomainEvent<typeof AccountEventType.EmailVerified, { userId: string }>;
/** The workers answer it with an e-mail holding a single-use reset link. */
export type PasswordResetRequestedV1 = DomainEvent<typeof AccountEventType.PasswordResetRequested, { userId: string; email: string; username: string }>;
export type PasswordResetV1 = DomainEvent<typeof AccountEventType.PasswordReset, { userId: string; passwordHash: string }>;
export type UsernameChangedV1 = DomainEvent<typeof AccountEventType.UsernameChanged, { userId: string; username: string }>;
export type PasswordChangedV1 = DomainEvent<typeof AccountEventType.PasswordChanged, { userId: string; passwordHash: string }>;

/**
 * Someone tried to register with the address of an existing account: the workers tell its owner. A stream of one
 * event of its own, so that it never waits on (or holds up) a change to the user.
 */
export type RegistrationAttemptedV1 = DomainEvent<typeof AccountEventType.RegistrationAttempted, { userId: string; email: string; username: string }>;

export type OperatorGrantedV1 = DomainEvent<typeof AccountEventType.OperatorGranted, { userId: string }>;
export type OperatorRevokedV1 = DomainEvent<typeof AccountEventType.OperatorRevoked, { userId: string }>;
export type CommentingSuspendedV1 = DomainEvent<typeof AccountEventType.CommentingSuspended, { userId: string; until: string | null; reason: string }>;
export type CommentingSuspensionLiftedV1 = DomainEvent<typeof AccountEventType.CommentingSuspensionLifted, { userId: string }>;

export type AccountEvent =
  | UserRegisteredV1
  | EmailVerifiedV1
  | PasswordResetRequestedV1
  | PasswordResetV1
  | UsernameChangedV1
  | PasswordChangedV1
  | RegistrationAttemptedV1
  | OperatorGrantedV1
  | OperatorRevokedV1
  | CommentingSuspendedV1
  | CommentingSuspensionLiftedV1;

export const accountStreams = {
  user: (userId: string): string => `user-${userId}`,
  registrationAttempt: (userId: string, attemptId: string): string => `user-${userId}-registration-attempt-${attemptId}`,
};
