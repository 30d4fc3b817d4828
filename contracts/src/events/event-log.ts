import type { AnyDomainEvent } from './any-event';

/** Collection names of the write side, shared by the API (which appends) and the workers (relay, rebuild). */
export const EventLogCollection = {
  /** One document per event; `_id` is `{streamId}:{version}` (see eventDocumentId). */
  Events: 'events',
  /** Events appended but not yet confirmed enqueued; the relay delivers what stays here. */
  Outbox: 'event_outbox',
} as const;

/**
 * The document id of a stream's event at a version. Keying events by stream and version makes "next version
 * already taken" a duplicate-key error and lets a stream be read by id lookups alone.
 */
export const eventDocumentId = (streamId: string, version: number): string => `${streamId}:${String(version).padStart(10, '0')}`;

/** An event as stored: the DomainEvent with its time as a Date. */
export interface StoredEventDocument {
  _id: string;
  eventId: string;
  streamId: string;
  version: number;
  type: string;
  data: unknown;
  metadata: { actor: string; correlationId: string; causationId: string | null };
  occurredAt: Date;
}

export interface OutboxDocument {
  /** The event id. */
  _id: string;
  /** The event's document id in the events collection. */
  eventDocumentId: string;
  createdAt: Date;
}

export function toDomainEvent(stored: StoredEventDocument): AnyDomainEvent {
  return {
    id: stored.eventId,
    streamId: stored.streamId,
    version: stored.version,
    type: stored.type,
    data: stored.data,
    metadata: stored.metadata,
    occurredAt: stored.occurredAt.toISOString(),
  } as AnyDomainEvent;
}
