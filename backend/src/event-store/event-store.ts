import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  type AnyDomainEvent,
  eventDocumentId,
  EventLogCollection,
  type EventMetadata,
  type OutboxDocument,
  type StoredEventDocument,
  toDomainEvent,
} from '@shelf/contracts';
import { MongoServerError } from 'mongodb';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { ConcurrencyError } from './concurrency-error';
import { EventPublisher } from './event-publisher';

/** An event a command decided on, before the store gives it a version and a time. */
export type NewEvent<E extends AnyDomainEvent = AnyDomainEvent> = Pick<E, 'type' | 'data'> & { id?: string };

const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === 11000;

/**
 * The event log. An append is durable before it resolves; delivery to the workers follows through the outbox: the
 * outbox entry is written first, so an event the API stored but never enqueued (it died in between) is still
 * delivered by the workers' relay.
 */
@Injectable()
export class EventStore implements OnModuleInit {
  private readonly logger = new Logger(EventStore.name);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly publisher: EventPublisher,
  ) {}

  private get events() {
    return this.connection.collection<StoredEventDocument>(EventLogCollection.Events);
  }

  private get outbox() {
    return this.connection.collection<OutboxDocument>(EventLogCollection.Outbox);
  }

  async onModuleInit(): Promise<void> {
    await this.events.createIndex({ eventId: 1 }, { unique: true });
    await this.events.createIndex({ streamId: 1, version: 1 }, { unique: true });
  }

  /** Every event of a stream, oldest first. */
  async readStream(streamId: string): Promise<AnyDomainEvent[]> {
    const events: AnyDomainEvent[] = [];
    for (let version = 1; ; version++) {
      const stored = await this.events.findOne({ _id: eventDocumentId(streamId, version) });
      if (!stored) return events;
      events.push(toDomainEvent(stored));
    }
  }

  /**
   * Appends events after `expectedVersion` (0 for a new stream). Appending the same event ids again stores nothing
   * new and resolves with the stored events; any other event in the way raises ConcurrencyError.
   */
  async append(streamId: string, expectedVersion: number, newEvents: NewEvent[], metadata: EventMetadata): Promise<AnyDomainEvent[]> {
    const occurredAt = new Date();
    const docs: StoredEventDocument[] = newEvents.map((event, i) => {
      const version = expectedVersion + i + 1;
      return {
        _id: eventDocumentId(streamId, version),
        eventId: event.id ?? randomUUID(),
        streamId,
        version,
        type: event.type,
        data: event.data,
        metadata,
        occurredAt,
      };
    });
    await this.writeOutbox(docs);
    try {
      await this.events.insertMany(docs, { ordered: true });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await this.resolveDuplicate(streamId, expectedVersion, docs);
    }
    const events = docs.map(toDomainEvent);
    await this.deliver(events);
    return events;
  }

  private async writeOutbox(docs: StoredEventDocument[]): Promise<void> {
    try {
      await this.outbox.insertMany(
        docs.map((doc) => ({ _id: doc.eventId, eventDocumentId: doc._id, createdAt: new Date() })),
        { ordered: false },
      );
    } catch (error) {
      if (!isDuplicateKey(error)) throw error; // a retried append: its outbox entries are already there
    }
  }

  /** A duplicate key is either this very append again (fine) or another writer's event (a conflict). */
  private async resolveDuplicate(streamId: string, expectedVersion: number, docs: StoredEventDocument[]): Promise<void> {
    for (const doc of docs) {
      const stored = await this.events.findOne({ _id: doc._id });
      if (stored?.eventId === doc.eventId) continue;
      if (!stored) {
        // Only an earlier event of this append failed; store this one now.
        await this.events.insertOne(doc);
        continue;
      }
      await this.outbox.deleteMany({ _id: { $in: docs.map((d) => d.eventId) } });
      throw new ConcurrencyError(streamId, expectedVersion);
    }
  }

  /** Best effort: whatever fails here stays in the outbox for the relay. */
  private async deliver(events: AnyDomainEvent[]): Promise<void> {
    try {
      await this.publisher.publish(events);
      await this.outbox.deleteMany({ _id: { $in: events.map((event) => event.id) } });
    } catch (error) {
      this.logger.warn(`events stay in the outbox for the relay: ${(error as Error).message}`);
    }
  }
}
