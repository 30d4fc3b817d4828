import { CREDENTIALS_COLLECTION, type CredentialDocument } from '@shelf/contracts';
import { Schema } from 'mongoose';

export type { CredentialDocument } from '@shelf/contracts';

export const CREDENTIAL_MODEL = 'Credential';

/**
 * A password's argon2id hash (CredentialDocument), `_id` a random credential id (or, for a hash a v1 event held, one
 * the log migration derived from the event's id). Each hash set is a new document, never changed; the user event that
 * sets the password names it (UserRegisteredV2, PasswordResetV2, PasswordChangedV2), so the log carries no secret and
 * needs no transaction with this store: a credential whose event was never appended is never read. Looked up by `_id`
 * alone: the one lookup FerretDB answers from an index.
 */
export const credentialSchema = new Schema<CredentialDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    passwordHash: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: CREDENTIALS_COLLECTION, versionKey: false },
);
