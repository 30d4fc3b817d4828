/**
 * The API's store of password hashes, apart from the log (backend `accounts` module, `Credentials`): each hash set is a
 * document of its own, never changed, which the user event setting the password names (UserRegisteredV2,
 * PasswordResetV2, PasswordChangedV2). Shared with the log migration (`npm run log:migrate`), which moves the hash of
 * each v1 event into one.
 */
export const CREDENTIALS_COLLECTION = 'account_credentials';

/** A password's argon2id hash, `_id` the credential id its event names. */
export interface CredentialDocument {
  _id: string;
  userId: string;
  passwordHash: string;
  createdAt: Date;
}
