import { required, sharedEnv, sharedEnvShape, withDefault } from '@shelf/server-config';
import { z } from 'zod';
import type { ServiceEnv } from './service-env';

/** The workers' variables: those they share with the API, and where and as whom they send e-mail. */
export const serviceEnvSchema = z
  .object({
    ...sharedEnvShape,
    SMTP_URL: required('SMTP_URL'),
    MAIL_FROM: withDefault('Novel Shelf <no-reply@novelshelf.local>'),
  })
  .transform((variables): ServiceEnv => ({ ...sharedEnv(variables), smtpUrl: variables.SMTP_URL, mailFrom: variables.MAIL_FROM }));
