import type { JobsOptions } from './job-options';

/** Job names of the mail queue with their payloads. */
export interface MailJobs {
  'mail.send.v1': SendMailJobV1;
}

export interface SendMailJobV1 {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export const MailJobName = {
  Send: 'mail.send.v1',
} as const satisfies Record<string, keyof MailJobs>;

/** An SMTP server that is briefly away must not lose a message: retry with exponential backoff for about an hour. */
export const mailJobOptions: JobsOptions = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: false,
};
