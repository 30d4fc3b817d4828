import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decidePasswordChange, refuseBeforeHash } from '../domain/account-decisions';
import { Credentials } from '../infrastructure/credentials';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { UserRepository } from '../infrastructure/user-repository';
import { ChangePasswordCommand } from './change-password.command';

/** Sets a new password; every other session of the user ends. Resolves with the reader's message. */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, string> {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly credentials: Credentials,
    private readonly refreshTokens: RefreshTokens,
  ) {}

  async execute({ userId, newPassword, sessionId }: ChangePasswordCommand): Promise<string> {
    const user = await this.users.load(userId);
    refuseBeforeHash((credentialId) => decidePasswordChange(user, newPassword, credentialId));
    const credentialId = await this.credentials.add(userId, await this.hasher.hash(newPassword));
    const { outcome, events } = decidePasswordChange(user, newPassword, credentialId);
    await this.users.append(userId, user!.version, events, userId);
    await this.credentials.retire(user!.password);
    await this.refreshTokens.endOtherSessions(userId, sessionId);
    return outcome;
  }
}
