import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ACCOUNT_TOKENS_COLLECTION, type AccountTokenDocument, type AccountTokenPurpose } from '@shelf/contracts';
import type { Connection } from 'mongoose';
import { sha256 } from './sha256';

export type TokenCheck = { status: 'valid'; token: AccountTokenDocument } | { status: 'unknown' | 'expired' };

/** The single-use e-mail tokens the workers created; the API checks and consumes them. */
@Injectable()
export class AccountTokens {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  private get tokens() {
    return this.connection.collection<AccountTokenDocument>(ACCOUNT_TOKENS_COLLECTION);
  }

  /** Looks a token up without using it. `email`, when given, must be the address it was sent to. */
  async check(token: string, purpose: AccountTokenPurpose, email?: string): Promise<TokenCheck> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { status: 'unknown' };
    const found = await this.tokens.findOne({ _id: sha256(token) });
    if (!found || found.purpose !== purpose || (email !== undefined && found.email !== email)) return { status: 'unknown' };
    if (found.expiresAt.getTime() < Date.now()) return { status: 'expired' };
    return { status: 'valid', token: found };
  }

  /** Uses a token up: of two requests presenting it at once, only one gets it. */
  async consume(token: string, purpose: AccountTokenPurpose, email?: string): Promise<TokenCheck> {
    const checked = await this.check(token, purpose, email);
    if (checked.status !== 'valid') return checked;
    const taken = await this.tokens.findOneAndDelete({ _id: checked.token._id });
    return taken ? checked : { status: 'expired' };
  }
}
