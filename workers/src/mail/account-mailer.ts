import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  ACCOUNT_TOKEN_TTL_MS,
  ACCOUNT_TOKENS_COLLECTION,
  AccountEventType,
  type AccountTokenDocument,
  type AccountTokenPurpose,
  type AnyDomainEvent,
  type ErasureRequestedV1,
  mailKey,
  type PasswordResetRequestedV1,
  type RegistrationAttemptedV1,
  type MailMessage,
  type UserRegisteredV1,
  type UserRegisteredV2,
  type VerificationResentV1,
} from '@shelf/contracts';
import { MongoServerError } from 'mongodb';
import type { Connection } from 'mongoose';
import { createHash, createHmac } from 'node:crypto';
import type { ProjectionContext, Projector } from '../engine';
import { SERVICE_ENV, type ServiceEnv } from '../config/service-env';

/**
 * Answers UserRegistered, VerificationResent, PasswordResetRequested and ErasureRequested with an e-mail holding a
 * single-use link, and tells the owner of an address someone tried to register with; an address erased since gets
 * nothing. The token is an HMAC of the event id under a key derived from AUTH_SECRET, so the event applied again (a retry, a batch run again after a crash) makes the same token
 * (one stored hash, the same link) and nobody without the secret can predict one. The message is queued with the
 * batch (ProjectionContext.mail), and goes into the mail outbox once per event when the batch is stored.
 */
@Injectable()
export class AccountMailer implements Projector {
  readonly name = 'account-mail';
  readonly handles = [
    AccountEventType.UserRegistered,
    AccountEventType.UserRegisteredV2,
    AccountEventType.VerificationResent,
    AccountEventType.PasswordResetRequested,
    AccountEventType.RegistrationAttempted,
    AccountEventType.ErasureRequested,
  ];
  private readonly key: Buffer;

  constructor(
    @Inject(SERVICE_ENV) private readonly env: ServiceEnv,
    @InjectConnection() private readonly connection: Connection,
  ) {
    this.key = createHmac('sha256', env.authSecret).update('e-mail-token').digest();
  }

  async apply(event: AnyDomainEvent, { mail }: ProjectionContext): Promise<void> {
    const send = (message: MailMessage | null) => (message ? mail(mailKey(event.id), message) : undefined);
    if (event.type === AccountEventType.UserRegistered || event.type === AccountEventType.UserRegisteredV2 || event.type === AccountEventType.VerificationResent) {
      send(await this.tokenMail(event, 'verify-email'));
    }
    if (event.type === AccountEventType.PasswordResetRequested) send(await this.tokenMail(event, 'reset-password'));
    if (event.type === AccountEventType.ErasureRequested) send(await this.tokenMail(event, 'delete-account'));
    if (event.type === AccountEventType.RegistrationAttempted && event.data.email !== '') send(attemptMail(event.data, this.env.publicUrl));
  }

  /** Stores the single-use token of the event's link (once however often it is applied) and makes its e-mail. */
  private async tokenMail(
    event: UserRegisteredV1 | UserRegisteredV2 | VerificationResentV1 | PasswordResetRequestedV1 | ErasureRequestedV1,
    purpose: AccountTokenPurpose,
  ): Promise<MailMessage | null> {
    const token = createHmac('sha256', this.key).update(event.id).digest('base64url');
    const { userId, email, username } = event.data;
    // An address erased since (the account is gone): no token, no e-mail.
    if (email === '') return null;
    const expiresAt = new Date(Date.parse(event.occurredAt) + ACCOUNT_TOKEN_TTL_MS[purpose]);
    try {
      await this.connection
        .collection<AccountTokenDocument>(ACCOUNT_TOKENS_COLLECTION)
        .insertOne({ _id: createHash('sha256').update(token).digest('hex'), purpose, userId, email, expiresAt });
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === 11000)) throw error; // stored by an earlier try
    }
    // The deletion link names no address: it is its token alone (verify and reset links keep the spec's `token&email`).
    const link = `${this.env.publicUrl}/user/${purpose}?${new URLSearchParams(purpose === 'delete-account' ? { token } : { token, email })}`;
    const to = { userId, to: email };
    if (purpose === 'delete-account') return erasureMail(to, username, link);
    return purpose === 'verify-email' ? verificationMail(to, username, link) : resetMail(to, username, link);
  }
}

function verificationMail(to: Recipient, username: string, link: string): MailMessage {
  return {
    ...to,
    subject: 'Verify your e-mail for Novel Shelf',
    text: `Hello ${username},\n\nplease verify your e-mail address by opening this link:\n${link}\n\nThe link works for 48 hours. If you did not register, ignore this e-mail.\n`,
  };
}

/** Whom a message is for: the account and its address. */
type Recipient = Pick<MailMessage, 'userId' | 'to'>;

function attemptMail({ userId, email, username }: RegistrationAttemptedV1['data'], publicUrl: string): MailMessage {
  return {
    userId,
    to: email,
    subject: 'Someone tried to register with your e-mail at Novel Shelf',
    text: `Hello ${username},\n\nsomeone tried to register a new Novel Shelf account with this e-mail address. It already has your account, so nothing was changed.\n\nIf it was you, log in instead; if you forgot your password, you can reset it here:\n${publicUrl}/user/forgot-password\n\nIf it was not you, you can ignore this e-mail.\n`,
  };
}

function resetMail(to: Recipient, username: string, link: string): MailMessage {
  return {
    ...to,
    subject: 'Reset your Novel Shelf password',
    text: `Hello ${username},\n\nsomeone (hopefully you) asked to reset your password. Open this link to choose a new one:\n${link}\n\nThe link works for one hour and only once. If you did not ask, ignore this e-mail: your password stays as it is.\n`,
  };
}

function erasureMail(to: Recipient, username: string, link: string): MailMessage {
  return {
    ...to,
    subject: 'Confirm the deletion of your Novel Shelf account',
    text: `Hello ${username},\n\nyou asked to delete your Novel Shelf account. Open this link to confirm it:\n${link}\n\nDeleting it cannot be undone: you will no longer be able to log in, your comments will show "[deleted account]" without their text, and your likes, reading progress and e-mail address are forgotten. The link works for one hour and only once. If you did not ask, ignore this e-mail and change your password.\n`,
  };
}
