import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AccountModerationOutcome, decideSuspensionLift } from '../domain/account-moderation';
import { UserRepository } from '../infrastructure/user-repository';
import { LiftCommentingSuspensionCommand } from './lift-commenting-suspension.command';

@CommandHandler(LiftCommentingSuspensionCommand)
export class LiftCommentingSuspensionHandler implements ICommandHandler<LiftCommentingSuspensionCommand, AccountModerationOutcome> {
  constructor(private readonly users: UserRepository) {}

  execute({ operatorId, userId }: LiftCommentingSuspensionCommand): Promise<AccountModerationOutcome> {
    return this.users.change(userId, (user) => decideSuspensionLift(user, new Date()), operatorId);
  }
}
