/**
 * Single-use e-mail tokens (verification, password reset, the confirmation of an account's deletion). The workers create them when they send the e-mail; the
 * API consumes them. Only a hash is stored: `_id` is the hex SHA-256 of the token.
 */
export const ACCOUNT_TOKENS_COLLECTION = 'account_tokens';

export type AccountTokenPurpose = 'verify-email' | 'reset-password' | 'delete-account';

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
