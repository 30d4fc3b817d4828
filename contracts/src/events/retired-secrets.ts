import { AccountEventType } from './account-events';
import type { EventType } from './any-event';

/**
 * Fields that early versions of events stored but that nothing reading the log may see: the v1 account events carried
 * the password's hash (their v2 name a credential of the API's own store instead). Stored events never change, so
 * every read of the log leaves these out (toDomainEvent); only the API's accounts module reads a v1 hash, from the
 * stored document of its own user stream.
 */
export const RETIRED_SECRETS = {
  [AccountEventType.UserRegistered]: ['passwordHash'],
  [AccountEventType.PasswordReset]: ['passwordHash'],
  [AccountEventType.PasswordChanged]: ['passwordHash'],
} as const satisfies Partial<Record<EventType, readonly string[]>>;

/** An event's stored data without the retired secrets of its type. */
export function withoutSecrets(type: string, data: unknown): unknown {
  const secrets: readonly string[] | undefined = RETIRED_SECRETS[type as keyof typeof RETIRED_SECRETS];
  if (!secrets || typeof data !== 'object' || data === null) return data;
  return Object.fromEntries(Object.entries(data).filter(([key]) => !secrets.includes(key)));
}
