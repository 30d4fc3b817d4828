import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountEventType } from '@shelf/contracts';
import { randomUUID } from 'node:crypto';
import { AccountMessage } from '../domain/account-messages';
import { isEmail, normaliseEmail, passwordProblem, usernameKey, usernameProblem } from '../domain/account-rules';
import { AccountClaims, emailClaim, usernameClaim } from '../infrastructure/account-claims';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { UserRepository } from '../infrastructure/user-repository';
import { type AccountResult, ok, refused } from './account-result';
import { RegisterUserCommand } from './register-user.command';

/**
 * Registers a user; the workers then send the verification e-mail. An address that already has an account gets the
 * same answer as a new one, so the form cannot be used to find out who has an account.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, AccountResult> {
  constructor(
    private readonly users: UserRepository,
    private readonly claims: AccountClaims,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ email: rawEmail, password, username }: RegisterUserCommand): Promise<AccountResult> {
    const email = normaliseEmail(rawEmail);
    if (!isEmail(email)) return refused('Please enter a valid e-mail address.');
    const problem = usernameProblem(username) ?? passwordProblem(password);
    if (problem) return refused(problem);

    const userId = randomUUID();
    const passwordHash = await this.hasher.hash(password);
    const exists = (holder: string) => this.users.exists(holder);
    if (!(await this.claims.claim(emailClaim(email), userId, exists))) return ok(AccountMessage.registered);
    if (!(await this.claims.claim(usernameClaim(usernameKey(username)), userId, exists))) {
      await this.claims.release(emailClaim(email), userId);
      return refused(AccountMessage.usernameTaken);
    }
    try {
      await this.users.append(userId, 0, [{ type: AccountEventType.UserRegistered, data: { userId, email, username, passwordHash } }], userId);
    } catch (error) {
      await this.claims.release(emailClaim(email), userId);
      await this.claims.release(usernameClaim(usernameKey(username)), userId);
      throw error;
    }
    return ok(AccountMessage.registered);
  }
}
