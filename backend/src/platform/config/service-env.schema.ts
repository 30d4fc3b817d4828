import { optional, sharedEnv, sharedEnvShape, withDefault } from '@shelf/server-config';
import { z } from 'zod';
import { proxyTrust } from '../http/client-ip';
import type { ServiceEnv } from './service-env';

/** Whether proxy-addr can read a TRUST_PROXY setting (it throws on what it cannot). */
const compiles = (setting: string): boolean => {
  try {
    proxyTrust(setting);
    return true;
  } catch {
    return false;
  }
};

/**
 * The API's variables: those it shares with the workers, and its own. The queue dashboard's credentials come both or
 * neither, and a secret that guards something must be long enough not to be guessed (nothing limits wrong tokens at
 * /metrics).
 */
export const serviceEnvSchema = z
  .object({
    ...sharedEnvShape,
    SEARCH_RATE_LIMIT: withDefault('20')
      .transform(Number)
      .refine((limit) => Number.isInteger(limit) && limit > 0, { error: 'SEARCH_RATE_LIMIT must be a whole number above 0 (searches per 10 seconds).' }),
    ADMIN_USER: optional(),
    ADMIN_PASSWORD: optional().refine((password) => password === undefined || password.length >= 12, { error: 'ADMIN_PASSWORD must be at least 12 characters long.' }),
    METRICS_TOKEN: optional().refine((token) => token === undefined || token.length >= 32, {
      error: 'METRICS_TOKEN must be at least 32 characters long (or unset, to turn /metrics off).',
    }),
    // Outside the store and its backups, beside the secrets (docs/operations.md, "Erasure and backups").
    ERASURE_LEDGER: withDefault('.data/erasure-ledger'),
    TRUST_PROXY: withDefault('loopback').refine(compiles, {
      error: 'TRUST_PROXY must list addresses, CIDR ranges or loopback, linklocal, uniquelocal, comma-separated.',
    }),
  })
  .refine(({ ADMIN_USER, ADMIN_PASSWORD }) => !ADMIN_USER === !ADMIN_PASSWORD, {
    error: 'ADMIN_USER and ADMIN_PASSWORD must be set together (or neither, to turn the queue dashboard off).',
  })
  .transform(
    (variables): ServiceEnv => ({
      ...sharedEnv(variables),
      searchRateLimit: variables.SEARCH_RATE_LIMIT,
      admin: variables.ADMIN_USER && variables.ADMIN_PASSWORD ? { user: variables.ADMIN_USER, password: variables.ADMIN_PASSWORD } : undefined,
      metricsToken: variables.METRICS_TOKEN,
      trustProxy: variables.TRUST_PROXY,
      erasureLedger: variables.ERASURE_LEDGER,
    }),
  );
