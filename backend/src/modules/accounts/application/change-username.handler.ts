import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideUsernameChange } from '../domain/account-decisions';
import { AccountMessage } from '../domain/account-messages';
import { type AccountResult, refused } from '../domain/account-result';
import { usernameKey } from '../domain/account-rules';
import { AccountClaims, usernameClaim } from '../infrastructure/account-claims';
import { UserRepository } from '../infrastructure/user-repository';
import { ChangeUsernameCommand } from './change-username.command';

@CommandHandler(ChangeUsernameCommand)
export class ChangeUsernameHandler implements ICommandHandler<ChangeUsernameCommand, AccountResult> {
  constructor(
    private readonly users: UserRepository,
    private readonly claims: AccountClaims,
  ) {}

  async execute({ userId, newUsername }: ChangeUsernameCommand): Promise<AccountResult> {
    const user = await this.users.load(userId);
    const { outcome, events } = decideUsernameChange(user, newUsername);
    if (!outcome.success || !user) return outcome;
    const [oldClaim, newClaim] = [usernameClaim(usernameKey(user.username)), usernameClaim(usernameKey(newUsername))];
    if (!(await this.claims.claim(newClaim, userId, (holder) => this.users.exists(holder)))) return refused(AccountMessage.usernameTaken);
    try {
      await this.users.append(userId, user.version, events, userId);
    } catch (error) {
      if (newClaim !== oldClaim) await this.claims.release(newClaim, userId);
      throw error;
    }
    if (newClaim !== oldClaim) await this.claims.release(oldClaim, userId);
    return outcome;
  }
}
