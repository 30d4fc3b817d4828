import {
  AccountEventType,
  type CommentingSuspendedV1,
  type PublicAccount,
  publicAccountChange,
  type CommentingSuspensionLiftedV1,
  type OperatorGrantedV1,
  type OperatorRevokedV1,
  type UsernameChangedV1,
  type UserErasedV1,
  ERASED_NAME,
  type UserReadModel,
  type UserRegisteredV1,
  type UserRegisteredV2,
} from '@shelf/contracts';

export type UserEvent =
  | UserRegisteredV1
  | UserRegisteredV2
  | UsernameChangedV1
  | OperatorGrantedV1
  | OperatorRevokedV1
  | CommentingSuspendedV1
  | CommentingSuspensionLiftedV1
  | UserErasedV1;

export const USER_EVENT_TYPES = [
  AccountEventType.UserRegistered,
  AccountEventType.UserRegisteredV2,
  AccountEventType.UsernameChanged,
  AccountEventType.OperatorGranted,
  AccountEventType.OperatorRevoked,
  AccountEventType.CommentingSuspended,
  AccountEventType.CommentingSuspensionLifted,
  AccountEventType.UserErased,
] as const satisfies readonly UserEvent['type'][];

/** The account after the event, or null when it changes nothing (applied before, or no registration yet). */
export function reduceUser(user: UserReadModel | null, event: UserEvent): UserReadModel | null {
  if (user && event.version <= user.version) return null;
  if (event.type === AccountEventType.UserRegistered || event.type === AccountEventType.UserRegisteredV2) {
    return { _id: event.data.userId, ...(publicAccountChange(event) as PublicAccount), version: event.version };
  }
  if (!user) return null;
  if (event.type === AccountEventType.UserErased) return { ...user, username: ERASED_NAME, operator: false, suspension: null, version: event.version };
  return { ...user, ...publicAccountChange(event), version: event.version };
}
