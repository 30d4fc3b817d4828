import type { AnyDomainEvent, EventType, LivePushRequest, LogPlace, MailMessage } from '@shelf/contracts';
import type { BatchModels } from './read-models';

import type { Prefetch } from './write-buffers';

export type { LogPlace } from '@shelf/contracts';
export type { Prefetch } from './write-buffers';

/** What a projector is given with each event besides the event. */
export interface ProjectionContext {
  /** Null for an event applied out of its log order: a parked event an operator retries. */
  place: LogPlace | null;
  /**
   * Queues a live push. The runner sends a batch's pushes once the documents they announce are stored, so a reader who
   * refetches on a push reads the change; a rebuild sends none. Projectors have no other way to reach readers.
   */
  push(request: LivePushRequest): void;
  /**
   * Queues an e-mail under a key that makes it one message however often the event is applied. The runner puts a
   * batch's e-mails in the mail outbox once its writes are stored; a rebuild sends none.
   */
  mail(key: string, message: MailMessage): void;
  /**
   * The read models of the batch the event is applied in: its write buffers and work deferred until its writes are
   * stored. Projectors reach read models through it alone.
   */
  models: BatchModels;
}

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
  /**
   * In the order a batch stores them: read models that hold an event's data before those that mark it applied (heads
   * with their counts and applied-event memories, versions), so that a crash between two writes leaves the event
   * unmarked, to be applied again whole (docs/architecture.md, "Data before marks").
   */
  readonly owns?: readonly string[];
  /**
   * The shape of its read models (1 when not given), raised when they change in a way the projector cannot apply over
   * the old ones: a site whose read models are of an older shape has them rebuilt when the workers start (ShapeUpgrade).
   */
  readonly shape?: number;
  apply(event: AnyDomainEvent, context: ProjectionContext): Promise<void>;
  /**
   * The documents of its own read models that `apply` reads for this event and the event alone names (a hint: what it
   * leaves out is read when asked for). A partition's consumer reads those of a whole batch before applying it, in one
   * query per read model, instead of one read each as they are first met.
   */
  prefetch?(event: AnyDomainEvent): Iterable<Prefetch>;
  /**
   * A projector whose output is derived from other projectors' read models (named in `after`) rebuilds itself after
   * them: a rebuild that rebuilt one of its `after` calls this once the new read models are live, and reports its
   * `progress` (what is done, of how much) as its 'reindex' phase. A projector without it is rebuilt only by replaying
   * the log into the read models it `owns`.
   */
  reindex?(progress: (done: number, total: number) => void): Promise<void>;
}

export const PROJECTORS = Symbol('PROJECTORS');
