import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decidePasswordReset, refuseBeforeHash, refusePasswordReset } from '../domain/account-decisions';
import { AccountTokens } from '../infrastructure/account-tokens';
import { Credentials } from '../infrastructure/credentials';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { UserRepository } from '../infrastructure/user-repository';
import { ResetPasswordCommand } from './reset-password.command';

/**
 * Sets a new password with the token from a reset e-mail, and ends every session of the user. The token works once;
 * a refused password keeps it. Resolves with the reader's message.
 */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, string> {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: AccountTokens,
    private readonly hasher: PasswordHasher,
    private readonly credentials: Credentials,
    private readonly refreshTokens: RefreshTokens,
  ) {}

  async execute({ token, newPassword }: ResetPasswordCommand): Promise<string> {
    const checked = await this.tokens.check(token, 'reset-password');
    refusePasswordReset(checked.status, newPassword);
    const passwordHash = await this.hasher.hash(newPassword);
    const consumed = await this.tokens.consume(token, 'reset-password');
    const user = consumed.status === 'valid' ? await this.users.load(consumed.token.userId) : null;
    const reset = { link: checked.status, newPassword, used: consumed.status === 'valid', user };
    // A link used up meanwhile, or without its user, is refused before a credential is stored.
    refuseBeforeHash((credentialId) => decidePasswordReset(reset, credentialId));
    const { userId, version, password } = user!;
    const { outcome, events } = decidePasswordReset(reset, await this.credentials.add(userId, passwordHash));
    await this.users.append(userId, version, events, userId);
    await this.credentials.retire(password);
    await this.refreshTokens.endOtherSessions(userId, null);
    return outcome;
  }
}
