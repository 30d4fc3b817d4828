import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../domain/domain-error';
import { AccountModerationMessage, decideOperatorRole } from '../domain/account-moderation';
import { normaliseEmail } from '../domain/account-rules';
import { AccountClaims, emailClaim } from '../infrastructure/account-claims';
import { UserRepository } from '../infrastructure/user-repository';
import { ChangeOperatorRoleCommand } from './change-operator-role.command';

/** Resolves with the message for whoever ran the command. */
@CommandHandler(ChangeOperatorRoleCommand)
export class ChangeOperatorRoleHandler implements ICommandHandler<ChangeOperatorRoleCommand, string> {
  constructor(
    private readonly users: UserRepository,
    private readonly claims: AccountClaims,
  ) {}

  async execute({ email, grant, actor }: ChangeOperatorRoleCommand): Promise<string> {
    const userId = await this.claims.holder(emailClaim(normaliseEmail(email)));
    if (!userId) throw new DomainError('not-found', `${AccountModerationMessage.userNotFound.slice(0, -1)}: no account has the e-mail ${email}.`);
    return this.users.change(userId, (user) => decideOperatorRole(user, grant), actor);
  }
}
