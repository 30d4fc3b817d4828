import { AccountEventType } from '../events/account-events';

/**
 * Single-use e-mail tokens (verification, password reset, the confirmation of an account's deletion). The API owns
 * them: it stores one as it appends the event that asks for the e-mail, and uses it up when the link is followed; the
 * workers only write the link (server-config's accountLinkToken). Only a hash is stored: `_id` is the hex SHA-256 of
 * the token.
 */
export const ACCOUNT_TOKENS_COLLECTION = 'account_tokens';

export type AccountTokenPurpose = 'verify-email' | 'reset-password' | 'delete-account';

/** The account events whose e-mail holds a single-use link, and what the link is for. */
export const ACCOUNT_LINK_PURPOSES: Readonly<Partial<Record<string, AccountTokenPurpose>>> = {
  [AccountEventType.UserRegistered]: 'verify-email',
  [AccountEventType.UserRegisteredV2]: 'verify-email',
  [AccountEventType.VerificationResent]: 'verify-email',
  [AccountEventType.PasswordResetRequested]: 'reset-password',
  [AccountEventType.ErasureRequested]: 'delete-account',
};

export interface AccountTokenDocument {
  _id: string;
  purpose: AccountTokenPurpose;
  userId: string;
  email: string;
  expiresAt: Date;
}

/** How long a link in an e-mail stays valid. */
export const ACCOUNT_TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  'verify-email': 48 * 3600_000,
  'reset-password': 3600_000,
  'delete-account': 3600_000,
};
