import { Injectable } from '@nestjs/common';
import { AccountEventType, accountStreams } from '@shelf/contracts';
import { randomUUID } from 'node:crypto';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import type { NewEvent } from '../../../domain/decision';
import { EventStore } from '../../../event-store/event-store';
import { foldUser, type UserState } from '../domain/user-state';
import { AccountTokens } from './account-tokens';

/** Users as event streams: load by folding `user-{id}`, change by appending after the loaded version. */
@Injectable()
export class UserRepository {
  constructor(
    private readonly store: EventStore,
    private readonly tokens: AccountTokens,
  ) {}

  async load(userId: string): Promise<UserState | null> {
    return foldUser(await this.store.readStream(accountStreams.user(userId)));
  }

  async exists(userId: string): Promise<boolean> {
    return (await this.load(userId)) !== null;
  }

  /**
   * Appends after `expectedVersion`, the tokens of the e-mail links its events ask for stored first (AccountTokens.issue);
   * a concurrent change to the same user raises ConcurrencyError.
   */
  async append(userId: string, expectedVersion: number, events: NewEvent[], actor: string): Promise<void> {
    const by = eventMetadata(actor);
    await this.store.append(accountStreams.user(userId), expectedVersion, await this.tokens.issue(events), by);
  }

  /** Decides on the user's current state and appends the decision (re-deciding after a concurrent change). */
  change<Outcome>(userId: string, decide: (user: UserState | null) => { outcome: Outcome; events: NewEvent[] }, actor: string): Promise<Outcome> {
    return appendDecision(this.store, accountStreams.user(userId), (history) => decide(foldUser(history)), eventMetadata(actor));
  }

  /** Someone tried to register with the user's address (an event of its own stream: no version to race for). */
  async recordRegistrationAttempt(user: UserState): Promise<void> {
    const data = { userId: user.userId, email: user.email, username: user.username };
    await this.store.append(accountStreams.registrationAttempt(user.userId, randomUUID()), 0, [{ type: AccountEventType.RegistrationAttempted, data }], eventMetadata(user.userId));
  }
}
