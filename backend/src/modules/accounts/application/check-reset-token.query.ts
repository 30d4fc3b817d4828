import { Injectable } from '@nestjs/common';
import { refusal } from '../domain/account-decisions';
import { AccountMessage } from '../domain/account-messages';
import { normaliseEmail } from '../domain/account-rules';
import { AccountTokens } from '../infrastructure/account-tokens';

/** GET /api/user/reset-password: is the link from the e-mail still good? The token is not used up. Resolves with the reader's message. */
@Injectable()
export class CheckResetTokenQuery {
  constructor(private readonly tokens: AccountTokens) {}

  async execute(token: string, email: string): Promise<string> {
    const checked = await this.tokens.check(token, 'reset-password', normaliseEmail(email));
    if (checked.status === 'valid') return AccountMessage.resetTokenValid;
    throw refusal(checked.status === 'expired' ? AccountMessage.expiredToken : AccountMessage.invalidToken);
  }
}
