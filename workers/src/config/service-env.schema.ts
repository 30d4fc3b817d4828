import { required, sharedEnv, sharedEnvShape, withDefault } from '@shelf/server-config';
import { z } from 'zod';
import type { ServiceEnv } from './service-env';

/** The workers' variables: those they share with the API, and where and as whom they send e-mail, and how often they look for digests due. */
export const serviceEnvSchema = z
  .object({
    ...sharedEnvShape,
    SMTP_URL: required('SMTP_URL'),
    MAIL_FROM: withDefault('Novel Shelf <no-reply@novelshelf.local>'),
    DIGEST_CHECK_EVERY_MS: withDefault('300000').refine((value) => /^\d+$/.test(value) && Number(value) >= 500, {
      error: 'DIGEST_CHECK_EVERY_MS must be a whole number of ms, at least 500.',
    }),
  })
  .transform(
    (variables): ServiceEnv => ({ ...sharedEnv(variables), smtpUrl: variables.SMTP_URL, mailFrom: variables.MAIL_FROM, digestCheckEveryMs: Number(variables.DIGEST_CHECK_EVERY_MS) }),
  );
