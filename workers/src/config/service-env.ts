import type { SharedEnv } from '@shelf/server-config';

/** Injection token of the ServiceEnv the workers were started with (provided by WorkersModule's EnvConfigModule). */
export const SERVICE_ENV = Symbol('SERVICE_ENV');

/** The environment the workers read; service-env.schema.ts names the variables and their rules. */
export interface ServiceEnv extends SharedEnv {
  /** Where e-mail is sent (SMTP_URL). */
  smtpUrl: string;
  /** The From address of the site's e-mail (MAIL_FROM). */
  mailFrom: string;
  /** How often the workers look for e-mail digests due, in ms (DIGEST_CHECK_EVERY_MS, 5 minutes unless set). */
  digestCheckEveryMs: number;
}
