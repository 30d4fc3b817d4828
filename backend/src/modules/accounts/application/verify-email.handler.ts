import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideEmailVerification } from '../domain/account-decisions';
import { normaliseEmail } from '../domain/account-rules';
import { AccountTokens } from '../infrastructure/account-tokens';
import { UserRepository } from '../infrastructure/user-repository';
import { VerifyEmailCommand } from './verify-email.command';

/** Marks the address verified; the link's token is used up once the change is stored. Resolves with the reader's message. */
@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand, string> {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: AccountTokens,
  ) {}

  async execute({ token, email }: VerifyEmailCommand): Promise<string> {
    const checked = await this.tokens.check(token, 'verify-email', normaliseEmail(email));
    const user = checked.status === 'valid' ? await this.users.load(checked.token.userId) : null;
    const { outcome, events } = decideEmailVerification(checked.status, user);
    const { userId, version } = user!; // the decision refused a link without its user
    if (events.length > 0) await this.users.append(userId, version, events, userId);
    await this.tokens.consume(token, 'verify-email');
    return outcome;
  }
}
