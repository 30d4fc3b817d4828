import { ACCOUNT_TOKENS_COLLECTION, type AccountTokenDocument } from '@shelf/contracts';
import { Schema } from 'mongoose';

export const ACCOUNT_TOKEN_MODEL = 'AccountToken';

/** The e-mail links' tokens, `_id` a token's SHA-256: the API stores one as it appends the event asking for the e-mail, and uses it up. */
export const accountTokenSchema = new Schema<AccountTokenDocument>(
  {
    _id: { type: String, required: true },
    purpose: { type: String, required: true, enum: ['verify-email', 'reset-password', 'delete-account'] },
    userId: { type: String, required: true },
    email: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: ACCOUNT_TOKENS_COLLECTION, versionKey: false },
);
