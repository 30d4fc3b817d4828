import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AccountTokenDocument, AccountTokenPurpose } from '@shelf/contracts';
import type { Model } from 'mongoose';
import { ACCOUNT_TOKEN_MODEL } from './account-token.schema';
import { sha256 } from './sha256';

export type TokenCheck = { status: 'valid'; token: AccountTokenDocument } | { status: 'unknown' | 'expired' };

/** The single-use e-mail tokens the workers created; the API checks and consumes them. */
@Injectable()
export class AccountTokens {
  constructor(@InjectModel(ACCOUNT_TOKEN_MODEL) private readonly tokens: Model<AccountTokenDocument>) {}

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
