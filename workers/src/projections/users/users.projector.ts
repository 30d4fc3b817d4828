import { Injectable } from '@nestjs/common';
import { AccountReadModelCollection, type UserReadModel } from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { Projector } from '../projector';
import { ReadModels } from '../read-models';
import { reduceUser, USER_EVENT_TYPES, type UserEvent } from './user-reducers';

/**
 * One document per account with what other people's pages show of it (name, role, suspension), so that queries read
 * it instead of replaying the user's stream. A user's events are all in one stream, so one partition's consumer is the
 * document's only writer.
 */
@Injectable()
export class UsersProjector implements Projector {
  readonly name = 'users';
  readonly handles = USER_EVENT_TYPES;
  readonly owns = [AccountReadModelCollection.Users];

  constructor(private readonly readModels: ReadModels) {}

  async apply(event: UserEvent): Promise<void> {
    const users = this.readModels.collection<UserReadModel>(AccountReadModelCollection.Users);
    const current = await users.findOne({ _id: event.data.userId });
    const next = reduceUser(current, event);
    if (next) await saveDocument(users, next, !current);
  }
}
