/** Who caused an event and within which request; correlation ties together everything one request caused. */
export interface EventMetadata {
  /** The user id of the actor, or a system name such as 'catalog-import'. */
  actor: string;
  correlationId: string;
  /** The id of the event or command that caused this one, if any. */
  causationId: string | null;
}

/**
 * One fact in the event log. `version` numbers the events of one stream from 1 without gaps; `type` is a versioned
 * name whose payload shape never changes once written (a new shape gets a new version).
 */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  version: number;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  /** ISO 8601. */
  occurredAt: string;
}
