import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountEventType } from '@shelf/contracts';
import { AccountMessage } from '../domain/account-messages';
import { passwordProblem } from '../domain/account-rules';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { UserRepository } from '../infrastructure/user-repository';
import { type AccountResult, ok, refused } from './account-result';
import { ChangePasswordCommand } from './change-password.command';

/** Sets a new password; every other session of the user ends. */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, AccountResult> {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly refreshTokens: RefreshTokens,
  ) {}

  async execute({ userId, newPassword, sessionId }: ChangePasswordCommand): Promise<AccountResult> {
    const problem = passwordProblem(newPassword);
    if (problem) return refused(problem);
    const user = await this.users.load(userId);
    if (!user) return refused(AccountMessage.invalidRefreshToken);
    const passwordHash = await this.hasher.hash(newPassword);
    await this.users.append(userId, user.version, [{ type: AccountEventType.PasswordChanged, data: { userId, passwordHash } }], userId);
    await this.refreshTokens.endOtherSessions(userId, sessionId);
    return ok(AccountMessage.passwordChanged);
  }
}
