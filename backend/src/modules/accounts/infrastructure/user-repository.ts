import { Injectable } from '@nestjs/common';
import { accountStreams } from '@shelf/contracts';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore, type NewEvent } from '../../../event-store/event-store';
import { foldUser, type UserState } from '../domain/user-state';

/** Users as event streams: load by folding `user-{id}`, change by appending after the loaded version. */
@Injectable()
export class UserRepository {
  constructor(private readonly store: EventStore) {}

  async load(userId: string): Promise<UserState | null> {
    return foldUser(await this.store.readStream(accountStreams.user(userId)));
  }

  async exists(userId: string): Promise<boolean> {
    return (await this.load(userId)) !== null;
  }

  /** Appends after `expectedVersion`; a concurrent change to the same user raises ConcurrencyError. */
  async append(userId: string, expectedVersion: number, events: NewEvent[], actor: string): Promise<void> {
    const by = eventMetadata(actor);
    await this.store.append(accountStreams.user(userId), expectedVersion, events, by);
  }
}
