import { type AccountEvent, AccountEventType } from './account-events';
import { type CatalogEvent, CatalogEventType } from './catalog-events';
import { type LibraryEvent, LibraryEventType } from './library-events';
import { type SocialEvent, SocialEventType } from './social-events';

/** Every event type the log can hold. Job names on the events queue are these types. */
export type AnyDomainEvent = CatalogEvent | AccountEvent | SocialEvent | LibraryEvent;
export type EventType = AnyDomainEvent['type'];
export type EventOfType<T extends EventType> = Extract<AnyDomainEvent, { type: T }>;

/** Every event type the log can hold, at run time: the workers refuse to start while one has no consumer. */
export const EVENT_TYPES = [...Object.values(CatalogEventType), ...Object.values(AccountEventType), ...Object.values(SocialEventType), ...Object.values(LibraryEventType)] satisfies EventType[];
/** Fails to compile when the union gains a type EVENT_TYPES does not list (a new group of events, say). */
const _everyTypeListed: [Exclude<EventType, (typeof EVENT_TYPES)[number]>] extends [never] ? true : never = true;
