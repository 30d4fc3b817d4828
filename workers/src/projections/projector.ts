import type { AnyDomainEvent, EventType } from '@shelf/contracts';

/**
 * One consumer of the log. It lists the events it handles; `apply` must be idempotent (an event applied twice
 * changes nothing) and is called with each partition's events in log order, so each stream's events arrive in version
 * order. Each projector keeps its own checkpoints: one failing never holds up or re-runs another. A projector that
 * reads another's read model names it in `after`, and never runs ahead of it. A projector of read models names the
 * ones it `owns` (ReadModels resolves them to collections): `npm run projections:rebuild` rebuilds those by applying
 * the whole log into new collections. A consumer with side effects only (e-mail) owns none and is never rebuilt.
 */
export interface Projector {
  readonly name: string;
  readonly handles: readonly EventType[];
  readonly after?: readonly string[];
  readonly owns?: readonly string[];
  /**
   * Those of `owns` that events of many partitions change (a reader's inbox): written at once, in
   * turns (ReadModels.exclusive), after the buffered writes before them. The others have one writer, their
   * partition's consumer, which buffers its writes to them for a whole batch of the log (WriteBuffers).
   */
  readonly shared?: readonly string[];
  apply(event: AnyDomainEvent): Promise<void>;
}

export const PROJECTORS = Symbol('PROJECTORS');
