import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { ServiceEnv } from '../../../platform/config/service-env';

/** The access tokens' signing key, derived from AUTH_SECRET so the e-mail tokens' key is a different one. */
export const accessTokenKey = (env: Pick<ServiceEnv, 'authSecret'>): string =>
  createHmac('sha256', env.authSecret).update('access-token').digest('base64url');

/**
 * The same key as a KeyObject, for checking tokens on every request: given text, jsonwebtoken first tries to read it
 * as a PEM public key and fails, which cost about a millisecond of CPU per request.
 */
export const accessTokenSecretKey = (env: Pick<ServiceEnv, 'authSecret'>): KeyObject => createSecretKey(Buffer.from(accessTokenKey(env)));

export const ACCESS_TOKEN_LIFETIME = '15m';
