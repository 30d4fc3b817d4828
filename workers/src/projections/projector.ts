import type { AnyDomainEvent, EventType } from '@shelf/contracts';

/**
 * One read model's projection. It lists the events it handles; `apply` must be idempotent (an event applied twice
 * changes nothing), and `rebuild` must leave the same state as applying every event of `events` in order.
 */
export interface Projector {
  readonly name: string;
  readonly handles: readonly EventType[];
  apply(event: AnyDomainEvent): Promise<void>;
  rebuild(events: AnyDomainEvent[]): Promise<void>;
}

export const PROJECTORS = Symbol('PROJECTORS');
