import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decidePasswordChange, refusalBeforeHash } from '../domain/account-decisions';
import type { AccountResult } from '../domain/account-result';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { UserRepository } from '../infrastructure/user-repository';
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
    const user = await this.users.load(userId);
    const refusal = refusalBeforeHash((hash) => decidePasswordChange(user, newPassword, hash));
    if (refusal) return refusal.outcome;
    const { outcome, events } = decidePasswordChange(user, newPassword, await this.hasher.hash(newPassword));
    await this.users.append(userId, user!.version, events, userId);
    await this.refreshTokens.endOtherSessions(userId, sessionId);
    return outcome;
  }
}
