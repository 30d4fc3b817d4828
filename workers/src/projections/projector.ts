import type { AnyDomainEvent, EventType } from '@shelf/contracts';

/**
 * One consumer of the log. It lists the events it handles; `apply` must be idempotent (an event applied twice
 * changes nothing) and is called with each partition's events in log order, so each stream's events arrive in version
 * order. Each projector keeps its own checkpoints: one failing never holds up or re-runs another. A projector that
 * reads another's read model names it in `after`, and never runs ahead of it. A read model's projector also has
 * `rebuild`, which must leave the same state as applying every event of `events` in order; a consumer with side
 * effects only (e-mail) has none.
 */
export interface Projector {
  readonly name: string;
  readonly handles: readonly EventType[];
  readonly after?: readonly string[];
  apply(event: AnyDomainEvent): Promise<void>;
  rebuild?(events: AnyDomainEvent[]): Promise<void>;
}

export const PROJECTORS = Symbol('PROJECTORS');
