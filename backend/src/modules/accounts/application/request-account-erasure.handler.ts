import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideErasureRequest } from '../domain/account-decisions';
import { Credentials } from '../infrastructure/credentials';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { UserRepository } from '../infrastructure/user-repository';
import { RequestAccountErasureCommand } from './request-account-erasure.command';

/** Checks the password, then records the request, which the workers answer with the confirming e-mail. */
@CommandHandler(RequestAccountErasureCommand)
export class RequestAccountErasureHandler implements ICommandHandler<RequestAccountErasureCommand, string> {
  constructor(
    private readonly users: UserRepository,
    private readonly credentials: Credentials,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ userId, password }: RequestAccountErasureCommand): Promise<string> {
    const user = await this.users.load(userId);
    const matches = await this.hasher.verify(user ? await this.credentials.hashOf(user) : null, password);
    const { outcome, events } = decideErasureRequest(user, matches);
    await this.users.append(userId, user!.version, events, userId);
    return outcome;
  }
}
