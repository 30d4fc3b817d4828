import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNT_LINK_PURPOSES,
  AccountEventType,
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
import { accountLinkToken } from '@shelf/server-config';
import type { ProjectionContext, Projector } from '../engine';
import { SERVICE_ENV, type ServiceEnv } from '../config/service-env';

/**
 * Answers UserRegistered, VerificationResent, PasswordResetRequested and ErasureRequested with an e-mail holding a
 * single-use link, and tells the owner of an address someone tried to register with; an address erased since gets
 * nothing. The link's token is the one the API stored as it appended the event (accountLinkToken: an HMAC of the event
 * id under a key derived from AUTH_SECRET), so the event applied again makes the same link, and the workers store no
 * token. The message is queued with the batch (ProjectionContext.mail), and goes into the mail outbox once per event
 * when the batch is stored.
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
  constructor(@Inject(SERVICE_ENV) private readonly env: ServiceEnv) {}

  async apply(event: AnyDomainEvent, { mail }: ProjectionContext): Promise<void> {
    const send = (message: MailMessage | null) => (message ? mail(mailKey(event.id), message) : undefined);
    const purpose = ACCOUNT_LINK_PURPOSES[event.type];
    if (purpose) send(this.linkMail(event as LinkEvent, purpose));
    if (event.type === AccountEventType.RegistrationAttempted && event.data.email !== '') send(attemptMail(event.data, this.env.publicUrl));
  }

  /** The e-mail of the event's single-use link. */
  private linkMail(event: LinkEvent, purpose: AccountTokenPurpose): MailMessage | null {
    const token = accountLinkToken(this.env.authSecret, event.id);
    const { userId, email, username } = event.data;
    // An address erased since (the account is gone): no e-mail.
    if (email === '') return null;
    // The deletion link names no address: it is its token alone (verify and reset links keep the spec's `token&email`).
    const link = `${this.env.publicUrl}/user/${purpose}?${new URLSearchParams(purpose === 'delete-account' ? { token } : { token, email })}`;
    const to = { userId, to: email };
    if (purpose === 'delete-account') return erasureMail(to, username, link);
    return purpose === 'verify-email' ? verificationMail(to, username, link) : resetMail(to, username, link);
  }
}

type LinkEvent = UserRegisteredV1 | UserRegisteredV2 | VerificationResentV1 | PasswordResetRequestedV1 | ErasureRequestedV1;

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
