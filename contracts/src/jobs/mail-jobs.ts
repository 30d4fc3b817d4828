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

/**
 * E-mail is recorded in the store before it is queued, under an idempotency key made from the event that asked for
 * it (`mail-{eventId}`, also the job id): the outbox holds what is still to be sent, `mail_sent` what was sent, so
 * a Redis that lost its queue only delays a message and a re-delivered event never sends it twice.
 */
export const MailCollection = {
  Outbox: 'mail_outbox',
  Sent: 'mail_sent',
} as const;

export interface MailOutboxDocument {
  /** The idempotency key, also the job id. */
  _id: string;
  message: SendMailJobV1;
  createdAt: Date;
}

export interface MailSentDocument {
  _id: string;
  to: string;
  subject: string;
  sentAt: Date;
}

export const mailKey = (eventId: string): string => `mail-${eventId}`;

/** An SMTP server that is briefly away must not lose a message: retry with exponential backoff for about an hour. */
export const mailJobOptions: JobsOptions = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: false,
};
