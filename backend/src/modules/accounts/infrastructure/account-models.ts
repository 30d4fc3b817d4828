import type { ModelDefinition } from '@nestjs/mongoose';
import { ACCOUNT_CLAIM_MODEL, accountClaimSchema } from './account-claim.schema';
import { ACCOUNT_TOKEN_MODEL, accountTokenSchema } from './account-token.schema';
import { CREDENTIAL_MODEL, credentialSchema } from './credential.schema';
import {
  REFRESH_TOKEN_CUTOFF_MODEL,
  REFRESH_TOKEN_FAMILY_MODEL,
  REFRESH_TOKEN_MODEL,
  refreshTokenCutoffSchema,
  refreshTokenFamilySchema,
  refreshTokenSchema,
} from './refresh-token.schemas';

/** The accounts module's own collections (its users are event streams of the log). */
export const ACCOUNT_MODELS: ModelDefinition[] = [
  { name: CREDENTIAL_MODEL, schema: credentialSchema },
  { name: ACCOUNT_CLAIM_MODEL, schema: accountClaimSchema },
  { name: ACCOUNT_TOKEN_MODEL, schema: accountTokenSchema },
  { name: REFRESH_TOKEN_MODEL, schema: refreshTokenSchema },
  { name: REFRESH_TOKEN_FAMILY_MODEL, schema: refreshTokenFamilySchema },
  { name: REFRESH_TOKEN_CUTOFF_MODEL, schema: refreshTokenCutoffSchema },
];
