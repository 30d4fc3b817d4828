import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideVerificationResend } from '../domain/account-decisions';
import { UserRepository } from '../infrastructure/user-repository';
import { ResendVerificationCommand } from './resend-verification.command';

/** Records the request; the workers answer it with a verification e-mail holding a fresh link. Resolves with the reader's message. */
@CommandHandler(ResendVerificationCommand)
export class ResendVerificationHandler implements ICommandHandler<ResendVerificationCommand, string> {
  constructor(private readonly users: UserRepository) {}

  async execute({ userId }: ResendVerificationCommand): Promise<string> {
    const user = await this.users.load(userId);
    const { outcome, events } = decideVerificationResend(user);
    await this.users.append(userId, user!.version, events, userId); // the decision refused a missing user
    return outcome;
  }
}
