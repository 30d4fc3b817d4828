import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountEventType } from '@shelf/contracts';
import { AccountMessage } from '../domain/account-messages';
import { usernameKey, usernameProblem } from '../domain/account-rules';
import { AccountClaims, usernameClaim } from '../infrastructure/account-claims';
import { UserRepository } from '../infrastructure/user-repository';
import { type AccountResult, ok, refused } from './account-result';
import { ChangeUsernameCommand } from './change-username.command';

@CommandHandler(ChangeUsernameCommand)
export class ChangeUsernameHandler implements ICommandHandler<ChangeUsernameCommand, AccountResult> {
  constructor(
    private readonly users: UserRepository,
    private readonly claims: AccountClaims,
  ) {}

  async execute({ userId, newUsername }: ChangeUsernameCommand): Promise<AccountResult> {
    const user = await this.users.load(userId);
    if (!user) return refused(AccountMessage.invalidRefreshToken);
    if (newUsername === user.username) return refused(AccountMessage.sameUsername);
    const problem = usernameProblem(newUsername);
    if (problem) return refused(problem);
    const [oldClaim, newClaim] = [usernameClaim(usernameKey(user.username)), usernameClaim(usernameKey(newUsername))];
    if (!(await this.claims.claim(newClaim, userId, (holder) => this.users.exists(holder)))) return refused(AccountMessage.usernameTaken);
    try {
      await this.users.append(userId, user.version, [{ type: AccountEventType.UsernameChanged, data: { userId, username: newUsername } }], userId);
    } catch (error) {
      if (newClaim !== oldClaim) await this.claims.release(newClaim, userId);
      throw error;
    }
    if (newClaim !== oldClaim) await this.claims.release(oldClaim, userId);
    return ok(AccountMessage.usernameChanged);
  }
}
