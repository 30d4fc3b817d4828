import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AccountModerationOutcome, AccountModerationMessage, decideOperatorRole } from '../domain/account-moderation';
import { normaliseEmail } from '../domain/account-rules';
import { AccountClaims, emailClaim } from '../infrastructure/account-claims';
import { UserRepository } from '../infrastructure/user-repository';
import { ChangeOperatorRoleCommand } from './change-operator-role.command';

@CommandHandler(ChangeOperatorRoleCommand)
export class ChangeOperatorRoleHandler implements ICommandHandler<ChangeOperatorRoleCommand, AccountModerationOutcome> {
  constructor(
    private readonly users: UserRepository,
    private readonly claims: AccountClaims,
  ) {}

  async execute({ email, grant, actor }: ChangeOperatorRoleCommand): Promise<AccountModerationOutcome> {
    const userId = await this.claims.holder(emailClaim(normaliseEmail(email)));
    if (!userId) return { ok: false, status: 404, message: `${AccountModerationMessage.userNotFound.slice(0, -1)}: no account has the e-mail ${email}.` };
    return this.users.change(userId, (user) => decideOperatorRole(user, grant), actor);
  }
}
