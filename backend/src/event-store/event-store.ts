import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  type AnyDomainEvent,
  eventDocumentId,
  type EventMetadata,
  EventLogCollection,
  partitionKey,
  partitionOf,
  type PartitionHeadDocument,
  type PositionDocument,
  type StoredEventDocument,
  toDomainEvent,
} from '@shelf/contracts';
import { isDuplicateKey, LogPositions, type PartitionEvents, placeEventGroups } from '@shelf/event-log';
import { PersonalKeys } from '@shelf/server-config';
import { type Db, type MongoBulkWriteError } from 'mongodb';
import type { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../domain/decision';
import { BoundedReads } from './bounded-reads';
import { ConcurrencyError } from './concurrency-error';
import { GroupCommit } from './group-commit';
import { LOG_POSITION_MODEL } from './log-position.schema';
import { makeLogCollections } from './log-collections';
import { LogWakeUps } from './log-wake-ups';
import { PARTITION_HEAD_MODEL } from './partition-head.schema';
import { STORED_EVENT_MODEL } from './stored-event.schema';
import { StreamCache } from './stream-cache';

interface PendingAppend {
  streamId: string;
  expectedVersion: number;
  partition: number;
  docs: StoredEventDocument[];
}

/**
 * An append slower than this may have outlived the readers' patience with its positions (a reader passes over a
 * position whose event it has not seen stored within 3 s of first reaching it, on its own clock), so it places its
 * events again at once; a second position of one event is harmless. The workers place again, too, any event a reader
 * recorded passing over (their LateEvents): this is the fast way, theirs the one that outlives this process.
 */
const SLOW_APPEND_MS = 2000;

/**
 * Stream reads of this process in flight at most. Measured on FerretDB (6 draws and 2 inserts, as an append group
 * makes them, beside readers by `_id`): a group took 73–84 ms beside 8 readers and 221–401 ms beside 50, while 8
 * readers still read 600–1,300 documents/s, more than a few hundred writes a second need.
 */
const READS_IN_FLIGHT = 8;

/** Ids in one `_id: { $in }` read: FerretDB answers a list of up to 1,000 from its `_id` index (patch 0008), more by a scan. */
const ID_LIST = 1000;

/** Appends of every partition come together in one group commit: their positions and events are each one write. */
const ALL_PARTITIONS = 0;

/**
 * The event log. An append first takes positions in its stream's partition (the log's order, which the workers read),
 * then stores the events; it is durable, and will be projected, once it resolves. Positions come first so that no
 * stored event can lack one; a position whose event is not stored within the readers' patience is passed over and
 * recorded, and the workers place the event again should it be stored later.
 */
@Injectable()
export class EventStore implements OnModuleInit {
  private readonly logger = new Logger(EventStore.name);
  private readonly groups = new GroupCommit<PendingAppend>((_all, appends) => this.store(appends));
  private readonly streams = new StreamCache();
  private readonly reads = new BoundedReads(READS_IN_FLIGHT);

  constructor(
    @InjectModel(STORED_EVENT_MODEL) private readonly events: Model<StoredEventDocument>,
    @InjectModel(LOG_POSITION_MODEL) private readonly positions: Model<PositionDocument>,
    @InjectModel(PARTITION_HEAD_MODEL) private readonly heads: Model<PartitionHeadDocument>,
    private readonly wakeUps: LogWakeUps,
    private readonly personalKeys: PersonalKeys,
  ) {}

  /** The collections and the indexes their schemas declare exist before the first append. */
  async onModuleInit(): Promise<void> {
    await makeLogCollections([this.events, this.positions, this.heads]);
  }

  /**
   * The store's driver, without Mongoose's casting: the documents here are built from typed input, so casting and
   * validating them (a tenth of a millisecond of the API's CPU each) would slow every write and catch nothing.
   */
  private get db(): Db {
    return this.events.db.db!;
  }

  private logPositions?: LogPositions;

  /** The partitions' heads and positions, which placeEventGroups draws and writes (the workers' LateEvents place alike). */
  private get positionStore(): LogPositions {
    return (this.logPositions ??= new LogPositions(this.db));
  }

  private get eventDocs() {
    return this.db.collection<StoredEventDocument>(EventLogCollection.Events);
  }

  /**
   * Every event of a stream, oldest first, as the log's readers get them (toDomainEvent): read by `_id`, version after
   * version, up to the first not stored. The versions this process knows already (StreamCache) are not read again.
   */
  async readStream(streamId: string): Promise<AnyDomainEvent[]> {
    const events = [...this.streams.known(streamId)];
    for (let version = events.length + 1; ; version++) {
      const stored = await this.readStored(streamId, version);
      if (!stored) break;
      events.push(toDomainEvent(await this.personalKeys.open(stored)));
    }
    this.streams.remember(streamId, events);
    return [...events];
  }

  /** The stream's first events as this process knows them, unread (none when it does not know the stream). */
  known(streamId: string): AnyDomainEvent[] {
    return [...this.streams.known(streamId)];
  }

  /**
   * An event's data as stored, with what reads leave out (RETIRED_SECRETS): for the accounts module alone, which reads
   * the password hash of a v1 event of its own user streams.
   */
  async readStoredData(streamId: string, version: number): Promise<unknown> {
    return (await this.readStored(streamId, version))?.data ?? null;
  }

  /**
   * The events stored under these document ids (eventDocumentId), opened as readStream opens them, in any order;
   * those not stored are left out. One query per ID_LIST ids: the store's `_id` index answers a list of them.
   */
  async readByIds(ids: string[]): Promise<AnyDomainEvent[]> {
    const found: AnyDomainEvent[] = [];
    for (let start = 0; start < ids.length; start += ID_LIST) {
      const stored = await this.reads.run(() => this.eventDocs.find({ _id: { $in: ids.slice(start, start + ID_LIST) } }).toArray());
      found.push(...(await Promise.all(stored.map(async (doc) => toDomainEvent(await this.personalKeys.open(doc))))));
    }
    return found;
  }

  private readStored(streamId: string, version: number): Promise<StoredEventDocument | null> {
    return this.reads.run(() => this.eventDocs.findOne({ _id: eventDocumentId(streamId, version) }));
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
    // Stored with their personal fields sealed (PersonalKeys); this process goes on with them as written.
    const sealed = await Promise.all(docs.map(async (doc) => ({ ...doc, data: await this.personalKeys.seal(doc.type, doc.data, metadata) })));
    await this.groups.commit(ALL_PARTITIONS, { streamId, expectedVersion, partition, docs: sealed });
    const appended = docs.map(toDomainEvent);
    this.streams.appended(streamId, expectedVersion, appended);
    return appended;
  }

  /**
   * Stores a group of appends (those that came while the previous group was being stored), whatever their partitions,
   * in a few commands whatever its size: each partition's positions drawn, every position written in one command, then
   * every event in one more. Each append keeps its own outcome: one that meets another writer's event fails alone with
   * ConcurrencyError.
   */
  private async store(appends: readonly PendingAppend[]): Promise<Map<PendingAppend, unknown>> {
    const started = Date.now();
    const partitions = new Map<number, StoredEventDocument[]>();
    for (const { partition, docs } of appends) {
      const events = partitions.get(partition);
      if (events) events.push(...docs);
      else partitions.set(partition, [...docs]);
    }
    const groups: PartitionEvents[] = [...partitions].map(([partition, events]) => ({ partition, events }));
    await placeEventGroups(this.positionStore, groups);
    const failures = await this.insert(appends);
    // Stored from here on: whatever fails now must not be reported as a failed append (the client would retry, and a
    // comment would post twice). The workers place again, too, any event a reader passed over (LateEvents).
    if (Date.now() - started > SLOW_APPEND_MS) {
      await placeEventGroups(this.positionStore, groups).catch((error: unknown) => this.logger.warn(`placing a slow append again failed (the workers will): ${String(error)}`));
    }
    for (const partition of partitions.keys()) this.wakeUps.wake(partition);
    return failures;
  }

  /** Inserts the appends' events in order; an append whose event is in the way is settled alone, the rest go on. */
  private async insert(appends: readonly PendingAppend[]): Promise<Map<PendingAppend, unknown>> {
    const failures = new Map<PendingAppend, unknown>();
    let rest = appends;
    while (rest.length > 0) {
      try {
        await this.eventDocs.insertMany(
          rest.flatMap((append) => append.docs),
          { ordered: true },
        );
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

  /** A duplicate key is either this very append again (fine) or another writer's event (a conflict). */
  private async resolveDuplicate(streamId: string, expectedVersion: number, docs: StoredEventDocument[]): Promise<void> {
    for (const doc of docs) {
      const stored = await this.eventDocs.findOne({ _id: doc._id }, { projection: { eventId: 1 } });
      if (stored?.eventId === doc.eventId) continue;
      if (!stored) {
        // Only an earlier event of this append failed; store this one now.
        await this.eventDocs.insertOne(doc);
        continue;
      }
      throw new ConcurrencyError(streamId, expectedVersion);
    }
  }
}
