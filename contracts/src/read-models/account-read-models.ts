import type { CommentingSuspension } from '../api/operator-responses';

/** What pages show of other people's accounts, projected from the users' streams by the workers' users projector. */
export const AccountReadModelCollection = {
  /** One document per account, `_id` = user id. */
  Users: 'rm_users',
} as const;

/** An account as queries show it: its current name, role and suspension; never an address or a secret. */
export interface UserReadModel {
  _id: string;
  username: string;
  operator: boolean;
  /** The last suspension from commenting, while not lifted (it may have run out since). */
  suspension: CommentingSuspension | null;
  /** The user stream's version last applied. */
  version: number;
}
