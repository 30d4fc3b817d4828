import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  type AnyDomainEvent,
  eventDocumentId,
  EventLogCollection,
  type EventMetadata,
  partitionId,
  partitionKey,
  partitionOf,
  type PartitionHeadDocument,
  positionId,
  type PositionDocument,
  type StoredEventDocument,
  toDomainEvent,
} from '@shelf/contracts';
import { MongoServerError } from 'mongodb';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { ConcurrencyError } from './concurrency-error';
import { LogWakeUps } from './log-wake-ups';

/** An event a command decided on, before the store gives it a version and a time. */
export type NewEvent<E extends AnyDomainEvent = AnyDomainEvent> = Pick<E, 'type' | 'data'> & { id?: string };

const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === 11000;

/**
 * An append slower than this may have outlived the readers' patience with its positions (they pass over a position
 * whose event has not appeared within 5 s), so it places its events again; a second position of one event is harmless.
 */
const SLOW_APPEND_MS = 2000;
/** Two appenders can draw the same number from a store without atomic updates: the loser draws again. */
const POSITION_ATTEMPTS = 50;

/**
 * The event log. An append first takes positions in its stream's partition (the log's order, which the workers read),
 * then stores the events; it is durable, and will be projected, once it resolves. Positions come first so that no
 * stored event can lack one; a position whose event was never stored is passed over by the readers.
 */
@Injectable()
export class EventStore implements OnModuleInit {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly wakeUps: LogWakeUps,
  ) {}

  private get events() {
    return this.connection.collection<StoredEventDocument>(EventLogCollection.Events);
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
    const partition = partitionOf(partitionKey(streamId, docs[0].type, docs[0].data));
    const started = Date.now();
    await this.place(partition, docs);
    try {
      await this.events.insertMany(docs, { ordered: true });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await this.resolveDuplicate(streamId, expectedVersion, docs);
    }
    if (Date.now() - started > SLOW_APPEND_MS) await this.place(partition, docs);
    this.wakeUps.wake(partition);
    return docs.map(toDomainEvent);
  }

  /** Draws the next positions of the partition and writes them, pointing at the events about to be stored. */
  private async place(partition: number, docs: StoredEventDocument[]): Promise<void> {
    const heads = this.connection.collection<PartitionHeadDocument>(EventLogCollection.Partitions);
    const positions = this.connection.collection<PositionDocument>(EventLogCollection.Positions);
    for (let attempt = 1; ; attempt++) {
      try {
        const drawn = await heads.findOneAndUpdate(
          { _id: partitionId(partition) },
          { $inc: { head: docs.length } },
          { upsert: true, returnDocument: 'after' },
        );
        const first = drawn!.head - docs.length + 1;
        const at = new Date();
        await positions.insertMany(
          docs.map((doc, i) => ({ _id: positionId(partition, first + i), partition, seq: first + i, eventDocumentId: doc._id, eventId: doc.eventId, at })),
          { ordered: true },
        );
        return;
      } catch (error) {
        // A number drawn twice, or already given up by a reader (a tombstone): draw again.
        if (!isDuplicateKey(error) || attempt === POSITION_ATTEMPTS) throw error;
      }
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
      throw new ConcurrencyError(streamId, expectedVersion);
    }
  }
}
