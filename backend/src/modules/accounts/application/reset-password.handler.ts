import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountEventType } from '@shelf/contracts';
import { AccountMessage } from '../domain/account-messages';
import { passwordProblem } from '../domain/account-rules';
import { AccountTokens } from '../infrastructure/account-tokens';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { UserRepository } from '../infrastructure/user-repository';
import { type AccountResult, ok, refused } from './account-result';
import { ResetPasswordCommand } from './reset-password.command';

/**
 * Sets a new password with the token from a reset e-mail, and ends every session of the user. The token works once;
 * a refused password keeps it.
 */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, AccountResult> {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: AccountTokens,
    private readonly hasher: PasswordHasher,
    private readonly refreshTokens: RefreshTokens,
  ) {}

  async execute({ token, newPassword }: ResetPasswordCommand): Promise<AccountResult> {
    const checked = await this.tokens.check(token, 'reset-password');
    if (checked.status !== 'valid') return refused(checked.status === 'unknown' ? AccountMessage.invalidToken : AccountMessage.expiredToken);
    const problem = passwordProblem(newPassword);
    if (problem) return refused(problem);
    const passwordHash = await this.hasher.hash(newPassword);
    const consumed = await this.tokens.consume(token, 'reset-password');
    if (consumed.status !== 'valid') return refused(AccountMessage.expiredToken);
    const user = await this.users.load(consumed.token.userId);
    if (!user) return refused(AccountMessage.invalidToken);
    await this.users.append(user.userId, user.version, [{ type: AccountEventType.PasswordReset, data: { userId: user.userId, passwordHash } }], user.userId);
    await this.refreshTokens.endOtherSessions(user.userId, null);
    return ok(AccountMessage.passwordReset);
  }
}
