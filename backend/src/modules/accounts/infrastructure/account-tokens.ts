import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ACCOUNT_LINK_PURPOSES, ACCOUNT_TOKEN_TTL_MS, type AccountTokenDocument, type AccountTokenPurpose } from '@shelf/contracts';
import { accountLinkToken } from '@shelf/server-config';
import type { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../../domain/decision';
import { SERVICE_ENV, type ServiceEnv } from '../../../platform/config/service-env';
import { ACCOUNT_TOKEN_MODEL } from './account-token.schema';
import { sha256 } from './sha256';

export type TokenCheck = { status: 'valid'; token: AccountTokenDocument } | { status: 'unknown' | 'expired' };

/**
 * The single-use tokens of the account e-mails' links (`account_tokens`, this module's alone): stored as the event that
 * asks for the e-mail is appended, checked and used up when the link is followed, forgotten with the account.
 */
@Injectable()
export class AccountTokens {
  constructor(
    @InjectModel(ACCOUNT_TOKEN_MODEL) private readonly tokens: Model<AccountTokenDocument>,
    @Inject(SERVICE_ENV) private readonly env: ServiceEnv,
  ) {}

  /**
   * Gives each event whose e-mail holds a link (ACCOUNT_LINK_PURPOSES) its id, and stores its link's token before the
   * event is appended: the workers make the same token from the event id when they send the e-mail, so a link in an
   * e-mail always names a stored token. An append that then fails leaves a token nobody was sent, which expires.
   */
  async issue(events: NewEvent[]): Promise<NewEvent[]> {
    const issued = events.map((event) => (ACCOUNT_LINK_PURPOSES[event.type] ? { ...event, id: event.id ?? randomUUID() } : event));
    const documents = issued.flatMap((event): AccountTokenDocument[] => {
      const purpose = ACCOUNT_LINK_PURPOSES[event.type];
      if (!purpose) return [];
      const { userId, email } = event.data as { userId: string; email: string };
      const token = accountLinkToken(this.env.authSecret, event.id!);
      return [{ _id: sha256(token), purpose, userId, email, expiresAt: new Date(Date.now() + ACCOUNT_TOKEN_TTL_MS[purpose]) }];
    });
    if (documents.length > 0) await this.tokens.insertMany(documents);
    return issued;
  }

  /** Looks a token up without using it. `email`, when given, must be the address it was sent to. */
  async check(token: string, purpose: AccountTokenPurpose, email?: string): Promise<TokenCheck> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { status: 'unknown' };
    const found = await this.tokens.findById(sha256(token)).lean<AccountTokenDocument>().exec();
    if (!found || found.purpose !== purpose || (email !== undefined && found.email !== email)) return { status: 'unknown' };
    if (found.expiresAt.getTime() < Date.now()) return { status: 'expired' };
    return { status: 'valid', token: found };
  }

  /** Deletes every e-mail link of the user, used or not (their account is erased). */
  async forgetAll(userId: string): Promise<void> {
    await this.tokens.deleteMany({ userId });
  }

  /**
   * Uses a token up: of two requests presenting it at once, only one gets it. The delete's count decides, which every
   * supported store reports atomically (FerretDB's findOneAndDelete hands the document to each of them).
   */
  async consume(token: string, purpose: AccountTokenPurpose, email?: string): Promise<TokenCheck> {
    const checked = await this.check(token, purpose, email);
    if (checked.status !== 'valid') return checked;
    const { deletedCount } = await this.tokens.deleteOne({ _id: checked.token._id });
    return deletedCount === 1 ? checked : { status: 'expired' };
  }
}
