import { AccountEventType, type AccountEvent } from '@shelf/contracts';
import type { Decision, NewEvent } from '../../../domain/decision';
import { DomainError } from '../../../domain/domain-error';
import { AccountMessage } from './account-messages';
import { isEmail, passwordProblem, usernameProblem } from './account-rules';
import type { UserState } from './user-state';

/**
 * The reader's account commands as pure decisions: the reader's message and the events, or a thrown DomainError.
 * Hashing, claims and e-mail links are the handlers' I/O: they pass in what came of them. A command that hashes a
 * password first looks for the refusal alone (`refuseBeforeHash`, `refusePasswordReset`), so a refused password costs
 * no hash.
 */
export type AccountDecision = Decision<string, AccountEvent>;

/** What checking an e-mail link's token found. */
export type LinkStatus = 'valid' | 'unknown' | 'expired';

const done = (message: string, events: NewEvent<AccountEvent>[] = []): AccountDecision => ({ outcome: message, events });
/** The reader's account commands refuse what was asked: a link, a name or a password that will not do. */
export const refusal = (message: string): DomainError => new DomainError('invalid', message);
const refuseLink = (link: LinkStatus): void => {
  if (link !== 'valid') throw refusal(link === 'unknown' ? AccountMessage.invalidToken : AccountMessage.expiredToken);
};
const refusePassword = (password: string): void => {
  const problem = passwordProblem(password);
  if (problem) throw refusal(problem);
};

/** Takes the decision without the hash (and its credential) yet, to throw its refusal before anything is hashed. */
export const refuseBeforeHash = (decide: (credentialId: string) => AccountDecision): void => void decide('');

export interface Registration {
  userId: string;
  /** Already normalised. */
  email: string;
  username: string;
  password: string;
}

/**
 * The address, the username and the password, in that order; a taken username or address is the claims' to say.
 * `credentialId` names the stored hash of the password (as in the resets and changes below): events carry no secret.
 */
export function decideRegistration({ userId, email, username, password }: Registration, credentialId: string): AccountDecision {
  if (!isEmail(email)) throw refusal('Please enter a valid e-mail address.');
  const problem = usernameProblem(username);
  if (problem) throw refusal(problem);
  refusePassword(password);
  return done(AccountMessage.registered, [{ type: AccountEventType.UserRegisteredV2, data: { userId, email, username, credentialId } }]);
}

/** Verifying an address twice is verifying it once; the link is used up on success. */
export function decideEmailVerification(link: LinkStatus, user: UserState | null): AccountDecision {
  refuseLink(link);
  if (!user) throw refusal(AccountMessage.invalidToken);
  if (user.emailVerified) return done(AccountMessage.alreadyVerified);
  return done(AccountMessage.verified, [{ type: AccountEventType.EmailVerified, data: { userId: user.userId } }]);
}

/** A new verification e-mail for a signed-in reader whose address is not verified yet. */
export function decideVerificationResend(user: UserState | null): AccountDecision {
  if (!user) throw new DomainError('unauthenticated', AccountMessage.invalidRefreshToken);
  if (user.emailVerified) throw refusal(AccountMessage.nothingToVerify);
  const data = { userId: user.userId, email: user.email, username: user.username };
  return done(AccountMessage.verificationResent, [{ type: AccountEventType.VerificationResent, data }]);
}

/** "Delete my account", once the reader has re-entered their password: the workers e-mail the link that confirms it. */
export function decideErasureRequest(user: UserState | null, passwordMatches: boolean): AccountDecision {
  if (!user) throw new DomainError('unauthenticated', AccountMessage.invalidRefreshToken);
  if (!passwordMatches) throw refusal(AccountMessage.wrongPassword);
  const data = { userId: user.userId, email: user.email, username: user.username };
  return done(AccountMessage.erasureRequested, [{ type: AccountEventType.ErasureRequested, data }]);
}

/** The confirmed deletion: an account already erased (a link followed again after a crash) is erased once. */
export function decideErasure(link: LinkStatus, user: UserState | null): AccountDecision {
  refuseLink(link);
  return done(AccountMessage.accountDeleted, user ? [{ type: AccountEventType.UserErased, data: { userId: user.userId } }] : []);
}

/** Always the same answer; only an account's address records a request (and so a reset e-mail). */
export function decidePasswordResetRequest(user: UserState | null): AccountDecision {
  if (!user) return done(AccountMessage.resetSent);
  const data = { userId: user.userId, email: user.email, username: user.username };
  return done(AccountMessage.resetSent, [{ type: AccountEventType.PasswordResetRequested, data }]);
}

export interface PasswordReset {
  /** The link as checked before hashing. */
  link: LinkStatus;
  newPassword: string;
  /** Whether using the link up succeeded (another request may have used it since the check). */
  used: boolean;
  /** The link's user. */
  user: UserState | null;
}

/** Before the hash (and before the link is used up): the link as checked, then the password. */
export function refusePasswordReset(link: LinkStatus, newPassword: string): void {
  refuseLink(link);
  refusePassword(newPassword);
}

export function decidePasswordReset(reset: PasswordReset, credentialId: string): AccountDecision {
  refusePasswordReset(reset.link, reset.newPassword);
  if (!reset.used) throw refusal(AccountMessage.expiredToken);
  if (!reset.user) throw refusal(AccountMessage.invalidToken);
  return done(AccountMessage.passwordReset, [{ type: AccountEventType.PasswordResetV2, data: { userId: reset.user.userId, credentialId } }]);
}

/** The password's rules first, then the signed-in user's account. */
export function decidePasswordChange(user: UserState | null, newPassword: string, credentialId: string): AccountDecision {
  refusePassword(newPassword);
  if (!user) throw refusal(AccountMessage.invalidRefreshToken);
  return done(AccountMessage.passwordChanged, [{ type: AccountEventType.PasswordChangedV2, data: { userId: user.userId, credentialId } }]);
}

/** The new name's rules; whether another reader holds it is the claims' to say. */
export function decideUsernameChange(user: UserState | null, newUsername: string): AccountDecision {
  if (!user) throw refusal(AccountMessage.invalidRefreshToken);
  if (newUsername === user.username) throw refusal(AccountMessage.sameUsername);
  const problem = usernameProblem(newUsername);
  if (problem) throw refusal(problem);
  return done(AccountMessage.usernameChanged, [{ type: AccountEventType.UsernameChanged, data: { userId: user.userId, username: newUsername } }]);
}
