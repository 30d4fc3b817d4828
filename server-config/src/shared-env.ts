import type { z } from 'zod';
import { optional, required, withDefault } from './env-fields';

/**
 * What the API and the workers must agree on: one store, one Redis with one queue prefix (the API adds the jobs the
 * workers take), one search engine, one secret (the workers sign the e-mail links the API checks), one public
 * address, and one key-encryption key that opens the personal keys. Each process's schema spreads sharedEnvShape and maps it with sharedEnv.
 */
export interface SharedEnv {
  mongoUrl: string;
  redisUrl: string;
  /** The Redis key prefix of every BullMQ queue; tests give each file its own. */
  queuePrefix: string;
  /** Unset: the embedded search engine is used. */
  meiliUrl?: string;
  meiliMasterKey?: string;
  /** The secret that signs access tokens and e-mail tokens (AUTH_SECRET, at least 32 characters). */
  authSecret: string;
  /**
   * The secret that wraps the personal keys (KEY_ENCRYPTION_KEY, at least 32 characters), kept outside the store: a
   * copy of the store without it opens no sealed field, and losing it loses every one (docs/operations.md).
   */
  keyEncryptionKey: string;
  /** Where readers reach the site, without a trailing slash; e-mail links start with it (PUBLIC_URL). */
  publicUrl: string;
  /** The embedded store supervisor's record of restarts (STORE_RESTARTS_FILE, set by `npm start`); unset elsewhere. */
  storeRestartsFile?: string;
}

export const sharedEnvShape = {
  MONGO_URL: required('MONGO_URL'),
  REDIS_URL: required('REDIS_URL'),
  QUEUE_PREFIX: withDefault('shelf'),
  MEILI_URL: optional(),
  MEILI_MASTER_KEY: optional(),
  STORE_RESTARTS_FILE: optional(),
  AUTH_SECRET: required('AUTH_SECRET').min(32, { error: 'AUTH_SECRET must be at least 32 characters long.' }),
  KEY_ENCRYPTION_KEY: required('KEY_ENCRYPTION_KEY').min(32, { error: 'KEY_ENCRYPTION_KEY must be at least 32 characters long.' }),
  PUBLIC_URL: withDefault('http://127.0.0.1:8080')
    .refine((url) => /^https?:\/\/[^/]/.test(url), { error: 'PUBLIC_URL must be the address readers use, starting with http:// or https://.' })
    .transform((url) => url.replace(/\/+$/, '')),
};

export type SharedVariables = z.output<z.ZodObject<typeof sharedEnvShape>>;

export const sharedEnv = (variables: SharedVariables): SharedEnv => ({
  mongoUrl: variables.MONGO_URL,
  redisUrl: variables.REDIS_URL,
  queuePrefix: variables.QUEUE_PREFIX,
  meiliUrl: variables.MEILI_URL,
  meiliMasterKey: variables.MEILI_MASTER_KEY,
  authSecret: variables.AUTH_SECRET,
  keyEncryptionKey: variables.KEY_ENCRYPTION_KEY,
  publicUrl: variables.PUBLIC_URL,
  storeRestartsFile: variables.STORE_RESTARTS_FILE,
});
