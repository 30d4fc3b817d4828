import type { JobsOptions } from './job-options';

/**
 * Job names of the mail queue with their payloads. A job carries only its outbox key: the message (address, name,
 * links) stays in the store's outbox, so Redis, its dumps and the queue dashboard hold none of it.
 */
export interface MailJobs {
  'mail.send.v2': SendMailJobV2;
  /** Jobs queued before v2 carry the whole message; their job id is the outbox key all the same. */
  'mail.send.v1': unknown;
}

export interface SendMailJobV2 {
  /** The outbox entry to send, also the job id. */
  key: string;
}

/** An e-mail the site sends, kept in the outbox until it is sent. */
export interface MailMessage {
  /** The account it is for: an erasure finds the account's e-mails, sent or waiting, by it. */
  userId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields, e.g. a digest's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export const MailJobName = {
  Send: 'mail.send.v2',
  SendV1: 'mail.send.v1',
} as const satisfies Record<string, keyof MailJobs>;

/**
 * E-mail is recorded in the store before it is queued, under an idempotency key made from the event that asked for
 * it (`mail-{eventId}`, also the job id): the outbox holds what is still to be sent, `mail_sent` what was sent, so
 * a Redis that lost its queue only delays a message and a re-delivered event never sends it twice. A message is marked
 * `sending` before each SMTP try and recorded sent after the server's answer: one found `sending` after a crash is
 * sent again with the same Message-ID (at least once, recognisable by the receiving side); one that failed every try
 * stays in the outbox as `failed` until an operator retries it.
 */
export const MailCollection = {
  Outbox: 'mail_outbox',
  Sent: 'mail_sent',
} as const;

/**
 * Where a message in the outbox stands: `queued` not tried yet, or waiting for its next try after the SMTP server
 * refused one (`lastError`); `sending` a try has begun and its answer is not recorded yet (or the sender crashed);
 * `failed` every try failed, it waits for an operator (`npm run projections:parked -- retry <id>`). Documents written
 * before the states existed have none: `queued`.
 */
export type MailOutboxState = 'queued' | 'sending' | 'failed';

export interface MailOutboxDocument {
  /** The idempotency key, also the job id. */
  _id: string;
  message: MailMessage;
  createdAt: Date;
  state?: MailOutboxState;
  /** The Message-ID header every try carries (`<{_id}@{site host}>`), the same for a resend after a crash. */
  messageId?: string;
  /** SMTP tries begun, over the message's life (an operator's retry adds to them). */
  attempts?: number;
  /** When the last try began. */
  triedAt?: Date;
  /** The last try's failure. */
  lastError?: string;
  /** When it was marked failed (state `failed`). */
  failedAt?: Date;
}

export interface MailSentDocument {
  _id: string;
  /** The account it was for (absent on records written before it was kept). */
  userId?: string;
  to: string;
  subject: string;
  sentAt: Date;
  /** The Message-ID it was sent with (absent on records written before it was kept). */
  messageId?: string;
  /** SMTP tries it took. */
  attempts?: number;
}

export const mailKey = (eventId: string): string => `mail-${eventId}`;

/** An SMTP server that is briefly away must not lose a message: retry with exponential backoff for about an hour. */
export const mailJobOptions: JobsOptions = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: false,
};
