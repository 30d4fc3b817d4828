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
import { type MongoBulkWriteError, MongoServerError } from 'mongodb';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { ConcurrencyError } from './concurrency-error';
import { GroupCommit } from './group-commit';
import { LogWakeUps } from './log-wake-ups';

interface PendingAppend {
  streamId: string;
  expectedVersion: number;
  docs: StoredEventDocument[];
}

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
  private readonly groups = new GroupCommit<PendingAppend>((partition, appends) => this.store(partition, appends));

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
    await this.groups.commit(partition, { streamId, expectedVersion, docs });
    return docs.map(toDomainEvent);
  }

  /**
   * Stores a group of appends to one partition (those that came while the previous group was being stored) in three
   * commands whatever its size: the positions drawn and written, then the events. Each append keeps its own outcome: one
   * that meets another writer's event fails alone with ConcurrencyError.
   */
  private async store(partition: number, appends: readonly PendingAppend[]): Promise<Map<PendingAppend, unknown>> {
    const started = Date.now();
    const docs = appends.flatMap((append) => append.docs);
    await this.place(partition, docs);
    const failures = await this.insert(appends);
    if (Date.now() - started > SLOW_APPEND_MS) await this.place(partition, docs);
    this.wakeUps.wake(partition);
    return failures;
  }

  /** Inserts the appends' events in order; an append whose event is in the way is settled alone, the rest go on. */
  private async insert(appends: readonly PendingAppend[]): Promise<Map<PendingAppend, unknown>> {
    const failures = new Map<PendingAppend, unknown>();
    let rest = appends;
    while (rest.length > 0) {
      try {
        await this.events.insertMany(rest.flatMap((append) => append.docs), { ordered: true });
        return failures;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        // Ordered: everything before the first duplicate is stored, nothing after it.
        let stored = (error as MongoBulkWriteError).insertedCount;
        const at = rest.findIndex((append) => (stored -= append.docs.length) < 0);
        if (at < 0) throw error;
        const owner = rest[at];
        await this.resolveDuplicate(owner.streamId, owner.expectedVersion, owner.docs).catch((failure: unknown) => failures.set(owner, failure));
        rest = rest.slice(at + 1);
      }
    }
    return failures;
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
