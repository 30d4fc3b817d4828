import type { DomainEvent } from './domain-event';

export const AccountEventType = {
  /** Stored with the password's hash in it (see RETIRED_SECRETS); no longer written. */
  UserRegistered: 'user.registered.v1',
  /** The password's hash is a credential of the API's own store, which the event names. */
  UserRegisteredV2: 'user.registered.v2',
  EmailVerified: 'user.email-verified.v1',
  /** A signed-in reader asked for a new verification e-mail; the workers send one with a fresh link. */
  VerificationResent: 'user.verification-resent.v1',
  PasswordResetRequested: 'user.password-reset-requested.v1',
  /** Stored with the password's hash in it (see RETIRED_SECRETS); no longer written. */
  PasswordReset: 'user.password-reset.v1',
  PasswordResetV2: 'user.password-reset.v2',
  UsernameChanged: 'user.username-changed.v1',
  /** Stored with the password's hash in it (see RETIRED_SECRETS); no longer written. */
  PasswordChanged: 'user.password-changed.v1',
  PasswordChangedV2: 'user.password-changed.v2',
  RegistrationAttempted: 'user.registration-attempted.v1',
  /** Granted and revoked with `npm run operators` (the actor names the command and the system user who ran it). */
  OperatorGranted: 'user.operator-granted.v1',
  OperatorRevoked: 'user.operator-revoked.v1',
  /** An operator (the actor) stopped the user from commenting until a time, or for good (`until` null). */
  CommentingSuspended: 'user.commenting-suspended.v1',
  CommentingSuspensionLifted: 'user.commenting-suspension-lifted.v1',
  /** The reader downloaded what the site holds about them ("Download my data"); the event holds none of it. */
  DataExported: 'user.data-exported.v1',
  /**
   * The reader asked to delete their account, having re-entered their password: the workers e-mail them a single-use
   * link that confirms it.
   */
  ErasureRequested: 'user.erasure-requested.v1',
  /**
   * The reader confirmed the deletion of their account: it can no longer log in, and its personal key is erased, so
   * every personal field of its events reads as erased (PERSONAL_FIELDS) from then on, in rebuilds too.
   */
  UserErased: 'user.erased.v1',
} as const;

/**
 * As read from the log. Its stored form also holds the password's hash, which reading removes (RETIRED_SECRETS): only
 * the API's accounts module reads it, from its own user streams.
 */
export type UserRegisteredV1 = DomainEvent<typeof AccountEventType.UserRegistered, { userId: string; email: string; username: string }>;
/**
 * `credentialId` names the document of the API's credentials store that holds the password's hash: not a secret, and
 * of no use outside the API. An account's password is the credential its latest registration, reset or change names.
 */
export type UserRegisteredV2 = DomainEvent<typeof AccountEventType.UserRegisteredV2, { userId: string; email: string; username: string; credentialId: string }>;
export type EmailVerifiedV1 = DomainEvent<typeof AccountEventType.EmailVerified, { userId: string }>;
export type VerificationResentV1 = DomainEvent<typeof AccountEventType.VerificationResent, { userId: string; email: string; username: string }>;
/** The workers answer it with an e-mail holding a single-use reset link. */
export type PasswordResetRequestedV1 = DomainEvent<typeof AccountEventType.PasswordResetRequested, { userId: string; email: string; username: string }>;
/** As read from the log, without the hash its stored form holds (see UserRegisteredV1). */
export type PasswordResetV1 = DomainEvent<typeof AccountEventType.PasswordReset, { userId: string }>;
export type PasswordResetV2 = DomainEvent<typeof AccountEventType.PasswordResetV2, { userId: string; credentialId: string }>;
export type UsernameChangedV1 = DomainEvent<typeof AccountEventType.UsernameChanged, { userId: string; username: string }>;
/** As read from the log, without the hash its stored form holds (see UserRegisteredV1). */
export type PasswordChangedV1 = DomainEvent<typeof AccountEventType.PasswordChanged, { userId: string }>;
export type PasswordChangedV2 = DomainEvent<typeof AccountEventType.PasswordChangedV2, { userId: string; credentialId: string }>;

/**
 * Someone tried to register with the address of an existing account: the workers tell its owner. A stream of one
 * event of its own, so that it never waits on (or holds up) a change to the user.
 */
export type RegistrationAttemptedV1 = DomainEvent<typeof AccountEventType.RegistrationAttempted, { userId: string; email: string; username: string }>;

export type OperatorGrantedV1 = DomainEvent<typeof AccountEventType.OperatorGranted, { userId: string }>;
export type OperatorRevokedV1 = DomainEvent<typeof AccountEventType.OperatorRevoked, { userId: string }>;
export type CommentingSuspendedV1 = DomainEvent<typeof AccountEventType.CommentingSuspended, { userId: string; until: string | null; reason: string }>;
export type CommentingSuspensionLiftedV1 = DomainEvent<typeof AccountEventType.CommentingSuspensionLifted, { userId: string }>;

/**
 * The reader downloaded their data as `format` (JSON, or the readable HTML summary). A stream of one event of its own,
 * like a registration attempt: recorded for the audit trail, it never races a change to the user.
 */
export type DataExportedV1 = DomainEvent<typeof AccountEventType.DataExported, { userId: string; format: 'json' | 'html' }>;

export type ErasureRequestedV1 = DomainEvent<typeof AccountEventType.ErasureRequested, { userId: string; email: string; username: string }>;
export type UserErasedV1 = DomainEvent<typeof AccountEventType.UserErased, { userId: string }>;

export type AccountEvent =
  | UserRegisteredV1
  | UserRegisteredV2
  | EmailVerifiedV1
  | VerificationResentV1
  | PasswordResetRequestedV1
  | PasswordResetV1
  | PasswordResetV2
  | UsernameChangedV1
  | PasswordChangedV1
  | PasswordChangedV2
  | RegistrationAttemptedV1
  | OperatorGrantedV1
  | OperatorRevokedV1
  | CommentingSuspendedV1
  | CommentingSuspensionLiftedV1
  | DataExportedV1
  | ErasureRequestedV1
  | UserErasedV1;

export const accountStreams = {
  user: (userId: string): string => `user-${userId}`,
  registrationAttempt: (userId: string, attemptId: string): string => `user-${userId}-registration-attempt-${attemptId}`,
  dataExport: (userId: string, exportId: string): string => `user-${userId}-data-export-${exportId}`,
};
