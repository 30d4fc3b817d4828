import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideSuspension } from '../domain/account-moderation';
import { UserRepository } from '../infrastructure/user-repository';
import { SuspendCommentingCommand } from './suspend-commenting.command';

@CommandHandler(SuspendCommentingCommand)
export class SuspendCommentingHandler implements ICommandHandler<SuspendCommentingCommand, string> {
  constructor(private readonly users: UserRepository) {}

  execute({ operatorId, userId, days, reason }: SuspendCommentingCommand): Promise<string> {
    return this.users.change(userId, (user) => decideSuspension(user, operatorId, days, reason, new Date()), operatorId);
  }
}
