import { Schema } from 'mongoose';

export const REFRESH_TOKEN_MODEL = 'RefreshToken';
export const REFRESH_TOKEN_FAMILY_MODEL = 'RefreshTokenFamily';
export const REFRESH_TOKEN_CUTOFF_MODEL = 'RefreshTokenCutoff';

/**
 * A refresh token: live, `_id` its hash; or used, `_id` `used:{hash}`, with when it was used and the token that
 * replaced it, sealed under a key only the used token gives (see sealed-text.ts).
 */
export interface RefreshTokenDocument {
  _id: string;
  userId: string;
  familyId: string;
  expiresAt: Date;
  usedAt?: Date;
  successor?: string;
}

/** One family per login. */
export interface FamilyDocument {
  _id: string;
  userId: string;
  revokedAt: Date | null;
  createdAt?: Date;
}

/** Per user, `_id` the user id: the sessions begun before `before` have ended, except the one kept. */
export interface CutoffDocument {
  _id: string;
  before: Date;
  keep: string | null;
}

// Every lookup is by `_id`, so no other index. Expired tokens stay: FerretDB v1 has no TTL indexes.
export const refreshTokenSchema = new Schema<RefreshTokenDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    familyId: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: Date,
    successor: String,
  },
  { collection: 'refresh_tokens', versionKey: false },
);

export const refreshTokenFamilySchema = new Schema<FamilyDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    revokedAt: { type: Date, default: null },
    createdAt: Date,
  },
  { collection: 'refresh_token_families', versionKey: false },
);

export const refreshTokenCutoffSchema = new Schema<CutoffDocument>(
  {
    _id: { type: String, required: true },
    before: { type: Date, required: true },
    keep: { type: String, default: null },
  },
  { collection: 'refresh_token_cutoffs', versionKey: false },
);
