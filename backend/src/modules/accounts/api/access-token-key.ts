import type { ServiceEnv } from '@shelf/contracts';
import { createHmac } from 'node:crypto';

/** The access tokens' signing key, derived from AUTH_SECRET so the e-mail tokens' key is a different one. */
export const accessTokenKey = (env: Pick<ServiceEnv, 'authSecret'>): string =>
  createHmac('sha256', env.authSecret).update('access-token').digest('base64url');

export const ACCESS_TOKEN_LIFETIME = '15m';
