import type { AnyDomainEvent } from '@shelf/contracts';

/**
 * An event a decider decided on, before the store gives it a version and a time. It never leaves the API process
 * (the workers read stored events), so it lives here rather than in contracts.
 */
export type NewEvent<E extends AnyDomainEvent = AnyDomainEvent> = Pick<E, 'type' | 'data'> & { id?: string };

/** A decider's answer when it does not refuse (a refusal is a thrown DomainError): its outcome, and the events to append. */
export interface Decision<Outcome, E extends AnyDomainEvent = AnyDomainEvent> {
  outcome: Outcome;
  /** None when nothing changes. */
  events: NewEvent<E>[];
}
