import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { MailCollection, type MailOutboxDocument, type MailSentDocument, QueueName } from '@shelf/contracts';
import { PersonalKeys } from '@shelf/server-config';
import { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import { decideErasure } from '../domain/account-decisions';
import { USERNAME_GRACE_MS, usernameKey } from '../domain/account-rules';
import { AccountClaims } from '../infrastructure/account-claims';
import { AccountTokens } from '../infrastructure/account-tokens';
import { Credentials } from '../infrastructure/credentials';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { UserRepository } from '../infrastructure/user-repository';

/**
 * Erasing an account (docs/architecture.md, "Erasure"), confirmed by the e-mailed link. Every step can run again, so a
 * link followed again after a crash finishes the work: the link is used up last. The username is held by its hash
 * for USERNAME_GRACE_MS; the personal key is erased, so the account's personal fields in the log read as erased from
 * then on; `user.erased.v1` ends the account (its stream folds to none); its sessions, password hashes, e-mail links,
 * address claim and e-mails sent or waiting (with their jobs) are deleted.
 */
@Injectable()
export class AccountErasure {
  constructor(
    private readonly tokens: AccountTokens,
    private readonly users: UserRepository,
    private readonly keys: PersonalKeys,
    private readonly claims: AccountClaims,
    private readonly credentials: Credentials,
    private readonly refreshTokens: RefreshTokens,
    @InjectConnection() private readonly connection: Connection,
    @InjectQueue(QueueName.Mail) private readonly mailQueue: Queue,
  ) {}

  /** The account a deletion link is for; a link unknown, used or expired is refused with the accounts' message. */
  async holderOf(token: string): Promise<string> {
    const checked = await this.tokens.check(token, 'delete-account');
    if (checked.status !== 'valid') decideErasure(checked.status, null);
    return (checked as Extract<typeof checked, { status: 'valid' }>).token.userId;
  }

  /** Erases the account the link is for; resolves with the reader's message. */
  async erase(token: string): Promise<string> {
    const userId = await this.holderOf(token);
    const user = await this.users.load(userId);
    if (user) await this.claims.holdUsername(usernameKey(user.username), userId, new Date(Date.now() + USERNAME_GRACE_MS));
    // While the address can still be read: e-mails stored before they named their account are claimed by it.
    if (user) await this.claimOlderMail(userId, user.email);
    await this.keys.erase(userId);
    const outcome = await this.users.change(userId, (current) => decideErasure('valid', current), userId);
    await this.refreshTokens.endOtherSessions(userId, null);
    await this.credentials.forgetAll(userId);
    await this.claims.releaseAll(userId);
    await this.forgetMail(userId);
    await this.tokens.forgetAll(userId);
    return outcome;
  }

  /**
   * Deletes the account's e-mails, sent or waiting (they hold the address, the name and live links), and their jobs,
   * by user id alone: it does the same whether run first, again after a break, or after a restore. Jobs go first, so
   * one broken off between the two is found again by its entry; a job queued again meanwhile by the workers' sweep
   * finds its entry gone and sends nothing. A job being sent at that moment cannot be removed (it is locked): that one
   * e-mail goes out.
   */
  async forgetMail(userId: string): Promise<void> {
    const outbox = this.connection.collection<MailOutboxDocument>(MailCollection.Outbox);
    const sent = this.connection.collection<MailSentDocument>(MailCollection.Sent);
    const keys = [
      ...(await outbox.find({ 'message.userId': userId }, { projection: { _id: 1 } }).toArray()),
      ...(await sent.find({ userId }, { projection: { _id: 1 } }).toArray()),
    ].map((doc) => doc._id);
    for (const key of keys) await this.mailQueue.remove(key);
    await outbox.deleteMany({ 'message.userId': userId });
    await sent.deleteMany({ userId });
  }

  /** Names the account on its e-mails stored before e-mails named one (found by the address, which they hold). */
  private async claimOlderMail(userId: string, email: string): Promise<void> {
    await this.connection
      .collection<MailOutboxDocument>(MailCollection.Outbox)
      .updateMany({ 'message.to': email, 'message.userId': { $exists: false } }, { $set: { 'message.userId': userId } });
    await this.connection.collection<MailSentDocument>(MailCollection.Sent).updateMany({ to: email, userId: { $exists: false } }, { $set: { userId } });
  }
}
