import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { decideRegistration, refusal, refuseBeforeHash } from '../domain/account-decisions';
import { AccountMessage } from '../domain/account-messages';
import { normaliseEmail, usernameKey } from '../domain/account-rules';
import { AccountClaims, emailClaim, usernameClaim } from '../infrastructure/account-claims';
import { Credentials } from '../infrastructure/credentials';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { UserRepository } from '../infrastructure/user-repository';
import { RegisterUserCommand } from './register-user.command';

/**
 * Registers a user; the workers then send the verification e-mail. An address that already has an account gets the
 * same answer after the same work (a password hashed, one event appended: its owner is told by e-mail that someone
 * tried), so the form cannot be used to find out who has an account. A taken username is said, whatever the address:
 * usernames are public on comments. The one exception is the same registration sent again (same address, username
 * and password: a reader retrying after a 503 whose write had landed, or a second tab): it gets the usual answer.
 * Every taken username costs the same password check, so only someone who knows the password learns that the address
 * and name are one account. Resolves with the reader's message.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, string> {
  constructor(
    private readonly users: UserRepository,
    private readonly claims: AccountClaims,
    private readonly hasher: PasswordHasher,
    private readonly credentials: Credentials,
  ) {}

  async execute({ email: rawEmail, password, username }: RegisterUserCommand): Promise<string> {
    const registration = { userId: randomUUID(), email: normaliseEmail(rawEmail), username, password };
    refuseBeforeHash((credentialId) => decideRegistration(registration, credentialId));

    const { userId, email } = registration;
    const passwordHash = await this.hasher.hash(password);
    const [nameHolder, addressHolder] = await Promise.all([this.liveHolder(usernameClaim(usernameKey(username))), this.liveHolder(emailClaim(email))]);
    if (nameHolder) {
      if (await this.sentAgain(nameHolder, addressHolder, password)) return AccountMessage.registered;
      throw refusal(AccountMessage.usernameTaken);
    }
    if (addressHolder) return this.attempted(addressHolder);
    const exists = (holder: string) => this.users.exists(holder);
    // Another registration may have claimed either value since: the claims decide.
    if (!(await this.claims.claim(emailClaim(email), userId, exists))) return this.attempted((await this.claims.holder(emailClaim(email)))!);
    if (!(await this.claims.claim(usernameClaim(usernameKey(username)), userId, exists))) {
      await this.claims.release(emailClaim(email), userId);
      throw refusal(AccountMessage.usernameTaken);
    }
    try {
      const { outcome, events } = decideRegistration(registration, await this.credentials.add(userId, passwordHash));
      await this.users.append(userId, 0, events, userId);
      return outcome;
    } catch (error) {
      await this.claims.release(emailClaim(email), userId);
      await this.claims.release(usernameClaim(usernameKey(username)), userId);
      throw error;
    }
  }

  /** The user holding a claim, unless it is a stale claim of a registration that never finished. */
  private async liveHolder(claim: string): Promise<string | null> {
    const holder = await this.claims.holder(claim);
    return holder && (await this.users.exists(holder)) ? holder : null;
  }

  /** Whether the name's holder is the address's too, with this password; the password is checked either way. */
  private async sentAgain(nameHolder: string, addressHolder: string | null, password: string): Promise<boolean> {
    const holder = await this.users.load(nameHolder);
    const matches = await this.hasher.verify(holder ? await this.credentials.hashOf(holder) : null, password);
    return matches && nameHolder === addressHolder;
  }

  /** The address has an account: its owner hears of the attempt, and the answer is the usual one. */
  private async attempted(ownerId: string): Promise<string> {
    const owner = await this.users.load(ownerId);
    if (owner) await this.users.recordRegistrationAttempt(owner);
    return AccountMessage.registered;
  }
}
