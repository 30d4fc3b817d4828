import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decidePasswordReset, passwordResetRefusal } from '../domain/account-decisions';
import type { AccountResult } from '../domain/account-result';
import { AccountTokens } from '../infrastructure/account-tokens';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { UserRepository } from '../infrastructure/user-repository';
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
    const refusal = passwordResetRefusal(checked.status, newPassword);
    if (refusal) return refusal.outcome;
    const passwordHash = await this.hasher.hash(newPassword);
    const consumed = await this.tokens.consume(token, 'reset-password');
    const user = consumed.status === 'valid' ? await this.users.load(consumed.token.userId) : null;
    const { outcome, events } = decidePasswordReset({ link: checked.status, newPassword, used: consumed.status === 'valid', user }, passwordHash);
    if (!outcome.success || !user) return outcome;
    await this.users.append(user.userId, user.version, events, user.userId);
    await this.refreshTokens.endOtherSessions(user.userId, null);
    return outcome;
  }
}
