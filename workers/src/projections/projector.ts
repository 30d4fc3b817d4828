import type { AnyDomainEvent, EventType } from '@shelf/contracts';

/**
 * One consumer of the events queue. It lists the events it handles; `apply` must be idempotent (an event applied
 * twice changes nothing). A read model's projector also has `rebuild`, which must leave the same state as applying
 * every event of `events` in order; a consumer with side effects only (e-mail) has none.
 */
export interface Projector {
  readonly name: string;
  readonly handles: readonly EventType[];
  apply(event: AnyDomainEvent): Promise<void>;
  rebuild?(events: AnyDomainEvent[]): Promise<void>;
}

export const PROJECTORS = Symbol('PROJECTORS');
