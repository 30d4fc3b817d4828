import type { AccountEvent } from './account-events';
import type { CatalogEvent } from './catalog-events';
import type { SocialEvent } from './social-events';

/** Every event type the log can hold. Job names on the events queue are these types. */
export type AnyDomainEvent = CatalogEvent | AccountEvent | SocialEvent;
export type EventType = AnyDomainEvent['type'];
export type EventOfType<T extends EventType> = Extract<AnyDomainEvent, { type: T }>;
