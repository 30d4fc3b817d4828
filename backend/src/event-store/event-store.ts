import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  type AnyDomainEvent,
  eventDocumentId,
  type EventMetadata,
  partitionId,
  partitionKey,
  partitionOf,
  type PartitionHeadDocument,
  placeEvents,
  type PositionDocument,
  type PositionStore,
  type StoredEventDocument,
  toDomainEvent,
} from '@shelf/contracts';
import { type MongoBulkWriteError, MongoServerError } from 'mongodb';
import type { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../domain/decision';
import { ConcurrencyError } from './concurrency-error';
import { GroupCommit } from './group-commit';
import { LOG_POSITION_MODEL } from './log-position.schema';
import { LogWakeUps } from './log-wake-ups';
import { PARTITION_HEAD_MODEL } from './partition-head.schema';
import { STORED_EVENT_MODEL } from './stored-event.schema';

interface PendingAppend {
  streamId: string;
  expectedVersion: number;
  docs: StoredEventDocument[];
}

const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === 11000;

/**
 * An append slower than this may have outlived the readers' patience with its positions (a reader passes over a
 * position whose event it has not seen stored within 5 s of first reaching it, on its own clock), so it places its
 * events again at once; a second position of one event is harmless. The workers place again, too, any event a reader
 * recorded passing over (their LateEvents): this is the fast way, theirs the one that outlives this process.
 */
const SLOW_APPEND_MS = 2000;

/**
 * The event log. An append first takes positions in its stream's partition (the log's order, which the workers read),
 * then stores the events; it is durable, and will be projected, once it resolves. Positions come first so that no
 * stored event can lack one; a position whose event is not stored within the readers' patience is passed over and
 * recorded, and the workers place the event again should it be stored later.
 */
@Injectable()
export class EventStore implements OnModuleInit {
  private readonly groups = new GroupCommit<PendingAppend>((partition, appends) => this.store(partition, appends));
  /** The partitions' heads and positions, as placeEvents (shared with the workers) draws and writes them. */
  private readonly positionStore: PositionStore = {
    draw: async (partition, count) =>
      (await this.heads
        .findOneAndUpdate({ _id: partitionId(partition) }, { $inc: { head: count } }, { upsert: true, returnDocument: 'after' })
        .lean<PartitionHeadDocument>()
        .exec())!.head,
    write: async (positions) => void (await this.positions.insertMany(positions, { ordered: true, lean: true })),
    isDuplicate: isDuplicateKey,
  };

  constructor(
    @InjectModel(STORED_EVENT_MODEL) private readonly events: Model<StoredEventDocument>,
    @InjectModel(LOG_POSITION_MODEL) private readonly positions: Model<PositionDocument>,
    @InjectModel(PARTITION_HEAD_MODEL) private readonly heads: Model<PartitionHeadDocument>,
    private readonly wakeUps: LogWakeUps,
  ) {}

  /** The collections and the indexes their schemas declare exist before the first append. */
  async onModuleInit(): Promise<void> {
    await Promise.all([this.events.init(), this.positions.init(), this.heads.init()]);
  }

  /** Every event of a stream, oldest first, as the log's readers get them (toDomainEvent). */
  async readStream(streamId: string): Promise<AnyDomainEvent[]> {
    const events: AnyDomainEvent[] = [];
    for (let version = 1; ; version++) {
      const stored = await this.readStored(streamId, version);
      if (!stored) return events;
      events.push(toDomainEvent(stored));
    }
  }

  /**
   * An event's data as stored, with what reads leave out (RETIRED_SECRETS): for the accounts module alone, which reads
   * the password hash of a v1 event of its own user streams.
   */
  async readStoredData(streamId: string, version: number): Promise<unknown> {
    return (await this.readStored(streamId, version))?.data ?? null;
  }

  private readStored(streamId: string, version: number): Promise<StoredEventDocument | null> {
    return this.events.findById(eventDocumentId(streamId, version)).lean<StoredEventDocument>().exec();
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
        // Lean: the documents are built here from typed input, so casting and validating them (a tenth of a millisecond
        // of the API's CPU each) would slow every write and catch nothing.
        await this.events.insertMany(rest.flatMap((append) => append.docs), { ordered: true, lean: true });
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
    await placeEvents(this.positionStore, partition, docs);
  }

  /** A duplicate key is either this very append again (fine) or another writer's event (a conflict). */
  private async resolveDuplicate(streamId: string, expectedVersion: number, docs: StoredEventDocument[]): Promise<void> {
    for (const doc of docs) {
      const stored = await this.events.findById(doc._id, { eventId: 1 }).lean().exec();
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
