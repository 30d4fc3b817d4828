import type { AnyDomainEvent } from './any-event';
import { withoutSecrets } from './retired-secrets';

/** Collection names of the write side, shared by the API (which appends) and the workers (projection, rebuild). */
export const EventLogCollection = {
  /** One document per event; `_id` is `{streamId}:{version}` (see eventDocumentId). */
  Events: 'events',
  /** The log's order: one document per (partition, sequence number), pointing at an event (see positionId). */
  Positions: 'event_positions',
  /** One document per partition: the highest sequence number handed out in it. */
  Partitions: 'event_partitions',
  /**
   * Positions a reader passed over because their event was not stored (yet), `_id` the position's id (see
   * PassedOverDocument): the workers look for each event again and place it anew once it is stored.
   */
  PassedOver: 'event_positions_passed_over',
} as const;

/**
 * The document id of a stream's event at a version. Keying events by stream and version makes "next version
 * already taken" a duplicate-key error and lets a stream be read by id lookups alone.
 */
export const eventDocumentId = (streamId: string, version: number): string => `${streamId}:${String(version).padStart(10, '0')}`;

/** An event as stored: the DomainEvent with its time as a Date (and, in early versions, secrets: RETIRED_SECRETS). */
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

/** The event a stored document holds, as every reader of the log gets it: without the retired secrets of its type. */
export function toDomainEvent(stored: StoredEventDocument): AnyDomainEvent {
  return {
    id: stored.eventId,
    streamId: stored.streamId,
    version: stored.version,
    type: stored.type,
    data: withoutSecrets(stored.type, stored.data),
    metadata: stored.metadata,
    occurredAt: stored.occurredAt.toISOString(),
  } as AnyDomainEvent;
}

/**
 * The log is split into a fixed number of partitions. Every event of a stream lands in the same partition, in version
 * order, so workers can share the partitions and still apply each stream in order. Changing the number re-partitions
 * streams that have events in the log: never change it on a live site.
 */
export const PARTITION_COUNT = 16;

/**
 * What decides an event's partition. Streams whose events change the same read-model document share a key, so one
 * partition consumer is that document's only writer: a book with its chapters and likes, a thread with its comments
 * and their likes, a reader's library (progress, shelves). Every event of one stream has the same key (comment events all carry their thread).
 */
export function partitionKey(streamId: string, type: string, data: unknown): string {
  if (type.startsWith('comment.')) {
    const { book_id, chapter_id } = data as { book_id: number; chapter_id: number | null };
    return `thread-${book_id}-${chapter_id ?? 'book'}`;
  }
  const bookScoped = /^(?:chapter|story-like)-(\d+)-/.exec(streamId);
  if (bookScoped) return `book-${bookScoped[1]}`;
  const readerLibrary = /^library-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-/.exec(streamId);
  return readerLibrary ? `library-${readerLibrary[1]}` : streamId;
}

/** FNV-1a of the key, folded into [0, PARTITION_COUNT). */
export function partitionOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % PARTITION_COUNT;
}

/** Where an event stands in the log: its partition and its position there. */
export interface LogPlace {
  partition: number;
  seq: number;
}

export const partitionId = (partition: number): string => `p${String(partition).padStart(2, '0')}`;

/**
 * The `_id` of an owner's part of a read model kept in one part per partition (a reader's liked stories, a commenter's
 * latest comments): each part has one writer, its partition's consumer, and readers merge the parts.
 */
export const partitionPartId = (owner: string, partition: number): string => `${owner}:${partitionId(partition)}`;

/** The `_id`s of all of an owner's parts, partition 0 first. */
export const partitionPartIds = (owner: string): string[] => Array.from({ length: PARTITION_COUNT }, (_, partition) => partitionPartId(owner, partition));

/** Position ids sort like the positions, so a partition's log reads by id lookups from its checkpoint on. */
export const positionId = (partition: number, seq: number): string => `${partitionId(partition)}:${String(seq).padStart(12, '0')}`;

export interface PartitionHeadDocument {
  /** partitionId(n). */
  _id: string;
  /** The highest sequence number handed out; a position at or below it may still be being written. */
  head: number;
}

/**
 * One place in a partition's log. It is written before the event it points at, so an event in the store always has a
 * position. A position whose event has not appeared within the readers' patience (on their own clocks) is passed over
 * and recorded (PassedOverDocument), so that an event stored later is placed again; a tombstone (`eventId: null`) fills
 * a number that was handed out but never written. `at` is the writer's clock, for people: readers never compare it with
 * their own.
 */
export interface PositionDocument {
  _id: string;
  partition: number;
  seq: number;
  eventDocumentId: string | null;
  eventId: string | null;
  at: Date;
  /**
   * Set by the reader that passed over the position without its event (on its clock), after recording it: later
   * readers (another projector's, a rebuild's) pass over it at once instead of waiting again.
   */
  passedAt?: Date;
}

/**
 * A position passed over by a reader while its event was not stored: the append may still commit it (an API killed
 * between its insert and its acknowledgement, an insert that errors after committing). `_id` is the position's id, so
 * readers of several processes record it once; the workers place the event again once it is stored, then drop this.
 */
export interface PassedOverDocument {
  _id: string;
  partition: number;
  seq: number;
  eventDocumentId: string;
  eventId: string;
  /** When the reader passed over it, on the reader's clock; the record is dropped some time after (LATE_EVENT_WATCH_MS). */
  passedAt: Date;
}
