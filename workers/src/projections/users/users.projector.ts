import { Injectable } from '@nestjs/common';
import { AccountEventType, AccountReadModelCollection, type UserReadModel } from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { ProjectionContext, Projector } from '../../engine';
import { reduceUser, USER_EVENT_TYPES, type UserEvent } from './user-reducers';

/**
 * One document per account with what other people's pages show of it (name, role, suspension), so that queries read
 * it instead of replaying the user's stream. A user's events are all in one stream, so one partition's consumer is the
 * document's only writer. A new name is pushed to the open threads (their comments by the reader show it) once the
 * batch that holds it is stored. An erased account is named ERASED_NAME from then on.
 */
@Injectable()
export class UsersProjector implements Projector {
  readonly name = 'users';
  readonly handles = USER_EVENT_TYPES;
  readonly owns = [AccountReadModelCollection.Users];

  async apply(event: UserEvent, { push, models }: ProjectionContext): Promise<void> {
    const users = models.collection<UserReadModel>(AccountReadModelCollection.Users);
    const current = await users.findOne({ _id: event.data.userId });
    const next = reduceUser(current, event);
    if (!next) return;
    await saveDocument(users, next, !current);
    if (event.type === AccountEventType.UsernameChanged || event.type === AccountEventType.UserErased) push({ kind: 'user-renamed', push: { user_id: next._id, username: next.username } });
  }
}
