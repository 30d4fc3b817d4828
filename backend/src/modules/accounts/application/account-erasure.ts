import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { MailCollection, type MailOutboxDocument, type MailSentDocument } from '@shelf/contracts';
import { PersonalKeys } from '@shelf/server-config';
import type { Connection } from 'mongoose';
import { decideErasure } from '../domain/account-decisions';
import { USERNAME_GRACE_MS, usernameKey } from '../domain/account-rules';
import { AccountClaims } from '../infrastructure/account-claims';
import { AccountTokens } from '../infrastructure/account-tokens';
import { UsernameHolds } from '../infrastructure/username-holds';
import { Credentials } from '../infrastructure/credentials';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { UserRepository } from '../infrastructure/user-repository';

/**
 * Erasing an account (docs/architecture.md, "Erasure"), confirmed by the e-mailed link. Every step can run again, so a
 * link followed again after a crash finishes the work: the link is used up last. The username is held by its keyed
 * hash for USERNAME_GRACE_MS (UsernameHolds); the personal key is erased, so the account's personal fields in the log read as erased from
 * then on; `user.erased.v1` ends the account (its stream folds to none); its sessions, password hashes, e-mail links,
 * address claim and e-mails sent or waiting are deleted.
 */
@Injectable()
export class AccountErasure {
  constructor(
    private readonly tokens: AccountTokens,
    private readonly users: UserRepository,
    private readonly keys: PersonalKeys,
    private readonly claims: AccountClaims,
    private readonly holds: UsernameHolds,
    private readonly credentials: Credentials,
    private readonly refreshTokens: RefreshTokens,
    @InjectConnection() private readonly connection: Connection,
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
    if (user) await this.holds.hold(usernameKey(user.username), new Date(Date.now() + USERNAME_GRACE_MS));
    await this.keys.erase(userId);
    const outcome = await this.users.change(userId, (current) => decideErasure('valid', current), userId);
    await this.refreshTokens.endOtherSessions(userId, null);
    await this.credentials.forgetAll(userId);
    await this.claims.releaseAll(userId);
    if (user) await this.forgetMail(user.email);
    await this.tokens.forgetAll(userId);
    return outcome;
  }

  /** The e-mails to the address, sent or waiting: they hold the address and the name. */
  private async forgetMail(email: string): Promise<void> {
    await this.connection.collection<MailOutboxDocument>(MailCollection.Outbox).deleteMany({ 'message.to': email });
    await this.connection.collection<MailSentDocument>(MailCollection.Sent).deleteMany({ to: email });
  }
}
