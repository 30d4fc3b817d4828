import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideUsernameChange, refusal } from '../domain/account-decisions';
import { AccountMessage } from '../domain/account-messages';
import { usernameKey } from '../domain/account-rules';
import { AccountClaims, usernameClaim } from '../infrastructure/account-claims';
import { UserRepository } from '../infrastructure/user-repository';
import { ChangeUsernameCommand } from './change-username.command';

/** Resolves with the reader's message. */
@CommandHandler(ChangeUsernameCommand)
export class ChangeUsernameHandler implements ICommandHandler<ChangeUsernameCommand, string> {
  constructor(
    private readonly users: UserRepository,
    private readonly claims: AccountClaims,
  ) {}

  async execute({ userId, newUsername }: ChangeUsernameCommand): Promise<string> {
    const user = await this.users.load(userId);
    const { outcome, events } = decideUsernameChange(user, newUsername);
    const { username, version } = user!; // the decision refused a missing user
    const [oldClaim, newClaim] = [usernameClaim(usernameKey(username)), usernameClaim(usernameKey(newUsername))];
    if (!(await this.claims.claim(newClaim, userId, (holder) => this.users.exists(holder)))) throw refusal(AccountMessage.usernameTaken);
    try {
      await this.users.append(userId, version, events, userId);
    } catch (error) {
      if (newClaim !== oldClaim) await this.claims.release(newClaim, userId);
      throw error;
    }
    if (newClaim !== oldClaim) await this.claims.release(oldClaim, userId);
    return outcome;
  }
}
