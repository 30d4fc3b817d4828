import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountEventType } from '@shelf/contracts';
import { AccountMessage } from '../domain/account-messages';
import { normaliseEmail } from '../domain/account-rules';
import { AccountTokens } from '../infrastructure/account-tokens';
import { UserRepository } from '../infrastructure/user-repository';
import { type AccountResult, ok, refused } from './account-result';
import { VerifyEmailCommand } from './verify-email.command';

/** Marks the address verified; the link's token is used up once the change is stored. */
@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand, AccountResult> {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: AccountTokens,
  ) {}

  async execute({ token, email }: VerifyEmailCommand): Promise<AccountResult> {
    const checked = await this.tokens.check(token, 'verify-email', normaliseEmail(email));
    if (checked.status !== 'valid') return refused(checked.status === 'unknown' ? AccountMessage.invalidToken : AccountMessage.expiredToken);
    const user = await this.users.load(checked.token.userId);
    if (!user) return refused(AccountMessage.invalidToken);
    if (!user.emailVerified) {
      await this.users.append(user.userId, user.version, [{ type: AccountEventType.EmailVerified, data: { userId: user.userId } }], user.userId);
    }
    await this.tokens.consume(token, 'verify-email');
    return ok(user.emailVerified ? AccountMessage.alreadyVerified : AccountMessage.verified);
  }
}
