import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideSuspensionLift } from '../domain/account-moderation';
import { UserRepository } from '../infrastructure/user-repository';
import { LiftCommentingSuspensionCommand } from './lift-commenting-suspension.command';

@CommandHandler(LiftCommentingSuspensionCommand)
export class LiftCommentingSuspensionHandler implements ICommandHandler<LiftCommentingSuspensionCommand, string> {
  constructor(private readonly users: UserRepository) {}

  execute({ operatorId, userId }: LiftCommentingSuspensionCommand): Promise<string> {
    return this.users.change(userId, (user) => decideSuspensionLift(user, new Date()), operatorId);
  }
}
