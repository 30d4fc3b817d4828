import { Injectable } from '@nestjs/common';
import { AccountMessage } from '../domain/account-messages';
import { type AccountResult, ok, refused } from '../domain/account-result';
import { normaliseEmail } from '../domain/account-rules';
import { AccountTokens } from '../infrastructure/account-tokens';

/** GET /api/user/reset-password: is the link from the e-mail still good? The token is not used up. */
@Injectable()
export class CheckResetTokenQuery {
  constructor(private readonly tokens: AccountTokens) {}

  async execute(token: string, email: string): Promise<AccountResult> {
    const checked = await this.tokens.check(token, 'reset-password', normaliseEmail(email));
    if (checked.status === 'valid') return ok(AccountMessage.resetTokenValid);
    return refused(checked.status === 'expired' ? AccountMessage.expiredToken : AccountMessage.invalidToken);
  }
}
