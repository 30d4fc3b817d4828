import type { CommentingSuspension } from '../api/operator-responses';
import { type AccountEvent, AccountEventType } from '../events/account-events';

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

/** The fields of an account that others see: its name, operator role and suspension from commenting. */
export type PublicAccount = Pick<UserReadModel, 'username' | 'operator' | 'suspension'>;

/**
 * What an account event changes of the account as others see it, or null when it changes none of it: the one rule both
 * folds of a user's stream apply (the accounts module's UserState and the workers' users read model). A registration
 * gives every field; an erasure is each fold's own (the account ends, or reads as erased).
 */
export function publicAccountChange(event: AccountEvent): Partial<PublicAccount> | null {
  switch (event.type) {
    case AccountEventType.UserRegistered:
    case AccountEventType.UserRegisteredV2:
      return { username: event.data.username, operator: false, suspension: null };
    case AccountEventType.UsernameChanged:
      return { username: event.data.username };
    case AccountEventType.OperatorGranted:
      return { operator: true };
    case AccountEventType.OperatorRevoked:
      return { operator: false };
    case AccountEventType.CommentingSuspended:
      return { suspension: { until: event.data.until, reason: event.data.reason } };
    case AccountEventType.CommentingSuspensionLifted:
      return { suspension: null };
    default:
      return null;
  }
}
