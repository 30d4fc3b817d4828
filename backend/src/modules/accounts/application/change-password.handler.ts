import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountEventType } from '@shelf/contracts';
import { AccountMessage } from '../domain/account-messages';
import { passwordProblem } from '../domain/account-rules';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { UserRepository } from '../infrastructure/user-repository';
import { type AccountResult, ok, refused } from './account-result';
import { ChangePasswordCommand } from './change-password.command';

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, AccountResult> {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ userId, newPassword }: ChangePasswordCommand): Promise<AccountResult> {
    const problem = passwordProblem(newPassword);
    if (problem) return refused(problem);
    const user = await this.users.load(userId);
    if (!user) return refused(AccountMessage.invalidRefreshToken);
    const passwordHash = await this.hasher.hash(newPassword);
    await this.users.append(userId, user.version, [{ type: AccountEventType.PasswordChanged, data: { userId, passwordHash } }], userId);
    return ok(AccountMessage.passwordChanged);
  }
}
