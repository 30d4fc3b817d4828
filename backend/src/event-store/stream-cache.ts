import type { AnyDomainEvent } from '@shelf/contracts';

/** Events kept at most, over every stream (a like's or comment's event is a few hundred bytes). */
const MAX_EVENTS = 50_000;

/**
 * The streams this process read or appended to lately, with their events: a stored event never changes, so a stream
 * read again is read only from the version after those known (one `_id` lookup when nothing was appended meanwhile),
 * however long it is. The least recently used streams are forgotten past MAX_EVENTS.
 */
export class StreamCache {
  private readonly streams = new Map<string, readonly AnyDomainEvent[]>();
  private size = 0;

  constructor(private readonly maxEvents = MAX_EVENTS) {}

  /** The stream's first events as known here (none when it is not kept). */
  known(streamId: string): readonly AnyDomainEvent[] {
    const events = this.streams.get(streamId);
    if (!events) return [];
    // Most recently used last.
    this.streams.delete(streamId);
    this.streams.set(streamId, events);
    return events;
  }

  /** Keeps the stream's events as read from the store, oldest first. */
  remember(streamId: string, events: readonly AnyDomainEvent[]): void {
    this.forget(streamId);
    if (events.length === 0 || events.length > this.maxEvents) return;
    this.streams.set(streamId, events);
    this.size += events.length;
    for (const [oldest, kept] of this.streams) {
      if (this.size <= this.maxEvents) break;
      this.streams.delete(oldest);
      this.size -= kept.length;
    }
  }

  /** Events appended after `expectedVersion`: kept when the stream's first `expectedVersion` events are. */
  appended(streamId: string, expectedVersion: number, events: readonly AnyDomainEvent[]): void {
    const kept = this.streams.get(streamId) ?? [];
    if (kept.length === expectedVersion) this.remember(streamId, [...kept, ...events]);
  }

  private forget(streamId: string): void {
    const kept = this.streams.get(streamId);
    if (!kept) return;
    this.streams.delete(streamId);
    this.size -= kept.length;
  }
}
