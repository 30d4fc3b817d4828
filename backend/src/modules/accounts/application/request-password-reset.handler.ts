import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decidePasswordResetRequest } from '../domain/account-decisions';
import { AccountMessage } from '../domain/account-messages';
import { normaliseEmail } from '../domain/account-rules';
import { AccountClaims, emailClaim } from '../infrastructure/account-claims';
import { UserRepository } from '../infrastructure/user-repository';
import { RequestPasswordResetCommand } from './request-password-reset.command';

/**
 * Answers at once and the same way whether or not the address has an account; the request itself (and so the
 * e-mail the workers send) is recorded after the answer, so its cost cannot be timed from outside.
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand, string> {
  private readonly logger = new Logger(RequestPasswordResetHandler.name);

  constructor(
    private readonly users: UserRepository,
    private readonly claims: AccountClaims,
  ) {}

  async execute({ email }: RequestPasswordResetCommand): Promise<string> {
    setImmediate(() => void this.record(normaliseEmail(email)).catch((error: Error) => this.logger.error(`password reset request lost: ${error.message}`)));
    return AccountMessage.resetSent;
  }

  private async record(email: string): Promise<void> {
    const userId = await this.claims.holder(emailClaim(email));
    const user = userId ? await this.users.load(userId) : null;
    const { events } = decidePasswordResetRequest(user);
    if (user && events.length > 0) await this.users.append(user.userId, user.version, events, user.userId);
  }
}
