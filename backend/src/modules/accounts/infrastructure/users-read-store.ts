import { Injectable } from '@nestjs/common';
import { AccountReadModelCollection, type UserReadModel } from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** Accounts as queries show them (see the workers' UsersProjector): looked up by id, one `_id` read each. */
@Injectable()
export class UsersReadStore {
  constructor(private readonly readModels: ReadModels) {}

  find(userId: string): Promise<UserReadModel | null> {
    return this.readModels.collection<UserReadModel>(AccountReadModelCollection.Users).findOne({ _id: userId });
  }

  /**
   * The current name of each of these users that has an account. One `_id` read per user, side by side: the embedded
   * store (FerretDB 1.24, SQLite) answers only a filter of exactly `{ _id: <string> }` from its primary key, and scans
   * the whole collection for `{ _id: { $in: [...] } }`.
   */
  async names(userIds: string[]): Promise<Map<string, string>> {
    const users = await Promise.all([...new Set(userIds)].map((userId) => this.find(userId)));
    return new Map(users.flatMap((user) => (user ? [[user._id, user.username] as const] : [])));
  }
}
