import { AccountEventType, type AccountEvent } from '@shelf/contracts';
import type { NewEvent } from '../../../event-store/event-store';
import { AccountMessage } from './account-messages';
import { type AccountResult, ok, refused } from './account-result';
import { isEmail, passwordProblem, usernameProblem } from './account-rules';
import type { UserState } from './user-state';

/**
 * The reader's account commands as pure decisions. Hashing, claims and e-mail links are the handlers' I/O: they pass
 * in what came of them. A command that hashes a password first asks for the refusal alone (`refusalBeforeHash`,
 * `passwordResetRefusal`), so a refused password costs no hash.
 */
export interface AccountDecision {
  outcome: AccountResult;
  events: NewEvent<AccountEvent>[];
}

/** What checking an e-mail link's token found. */
export type LinkStatus = 'valid' | 'unknown' | 'expired';

const done = (message: string, events: NewEvent<AccountEvent>[] = []): AccountDecision => ({ outcome: ok(message), events });
const refuse = (message: string): AccountDecision => ({ outcome: refused(message), events: [] });
const linkRefusal = (link: LinkStatus): AccountDecision | null =>
  link === 'valid' ? null : refuse(link === 'unknown' ? AccountMessage.invalidToken : AccountMessage.expiredToken);
const passwordRefusal = (password: string): AccountDecision | null => {
  const problem = passwordProblem(password);
  return problem ? refuse(problem) : null;
};

/** A decision taken without the hash yet: its refusal, or null to go on and hash. */
export const refusalBeforeHash = (decide: (passwordHash: string) => AccountDecision): AccountDecision | null => {
  const decision = decide('');
  return decision.outcome.success ? null : decision;
};

export interface Registration {
  userId: string;
  /** Already normalised. */
  email: string;
  username: string;
  password: string;
}

/** The address, the username and the password, in that order; a taken username or address is the claims' to say. */
export function decideRegistration({ userId, email, username, password }: Registration, passwordHash: string): AccountDecision {
  if (!isEmail(email)) return refuse('Please enter a valid e-mail address.');
  const problem = usernameProblem(username);
  if (problem) return refuse(problem);
  return passwordRefusal(password) ?? done(AccountMessage.registered, [{ type: AccountEventType.UserRegistered, data: { userId, email, username, passwordHash } }]);
}

/** Verifying an address twice is verifying it once; the link is used up on success. */
export function decideEmailVerification(link: LinkStatus, user: UserState | null): AccountDecision {
  const refusal = linkRefusal(link);
  if (refusal) return refusal;
  if (!user) return refuse(AccountMessage.invalidToken);
  if (user.emailVerified) return done(AccountMessage.alreadyVerified);
  return done(AccountMessage.verified, [{ type: AccountEventType.EmailVerified, data: { userId: user.userId } }]);
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
export function passwordResetRefusal(link: LinkStatus, newPassword: string): AccountDecision | null {
  return linkRefusal(link) ?? passwordRefusal(newPassword);
}

export function decidePasswordReset(reset: PasswordReset, passwordHash: string): AccountDecision {
  const refusal = passwordResetRefusal(reset.link, reset.newPassword);
  if (refusal) return refusal;
  if (!reset.used) return refuse(AccountMessage.expiredToken);
  if (!reset.user) return refuse(AccountMessage.invalidToken);
  return done(AccountMessage.passwordReset, [{ type: AccountEventType.PasswordReset, data: { userId: reset.user.userId, passwordHash } }]);
}

/** The password's rules first, then the signed-in user's account. */
export function decidePasswordChange(user: UserState | null, newPassword: string, passwordHash: string): AccountDecision {
  const refusal = passwordRefusal(newPassword);
  if (refusal) return refusal;
  if (!user) return refuse(AccountMessage.invalidRefreshToken);
  return done(AccountMessage.passwordChanged, [{ type: AccountEventType.PasswordChanged, data: { userId: user.userId, passwordHash } }]);
}

/** The new name's rules; whether another reader holds it is the claims' to say. */
export function decideUsernameChange(user: UserState | null, newUsername: string): AccountDecision {
  if (!user) return refuse(AccountMessage.invalidRefreshToken);
  if (newUsername === user.username) return refuse(AccountMessage.sameUsername);
  const problem = usernameProblem(newUsername);
  if (problem) return refuse(problem);
  return done(AccountMessage.usernameChanged, [{ type: AccountEventType.UsernameChanged, data: { userId: user.userId, username: newUsername } }]);
}
