// Events written straight into the store in the shapes the event store keeps (events, their partition positions, the
// partitions' heads), for benchmarks and tests that need a log larger than appends one at a time would write.
import * as contractsModule from '@shelf/contracts';
import { randomUUID } from 'node:crypto';

// Node gives a CommonJS package's exports as named ones where it can tell them, and always as the default; tests load
// this file compiled to CommonJS, with the contracts' source.
const contracts = contractsModule.partitionId ? contractsModule : contractsModule.default;
const { EventLogCollection, eventDocumentId, partitionId, partitionKey, partitionOf, positionId } = contracts;

/** One event as the event store keeps it; `occurredAt` a Date. */
export function storedEvent({ streamId, version, type, data, metadata, occurredAt, eventId = randomUUID() }) {
  return { _id: eventDocumentId(streamId, version), eventId, streamId, version, type, data, metadata, occurredAt };
}

/**
 * A writer of stored events into the log as appends leave it: each event's position after its partition's head (as the
 * store holds it now, then as this writer moved it), the events, the positions, then the heads, in bulk.
 */
export async function logWriter(db) {
  const eventsCollection = db.collection(EventLogCollection.Events);
  const positions = db.collection(EventLogCollection.Positions);
  const partitions = db.collection(EventLogCollection.Partitions);
  const heads = new Map((await partitions.find({}).toArray()).map((doc) => [Number(doc._id.slice(1)), doc.head]));
  return async (docs) => {
    const placed = docs.map((doc) => {
      const partition = partitionOf(partitionKey(doc.streamId, doc.type, doc.data));
      const seq = (heads.get(partition) ?? 0) + 1;
      heads.set(partition, seq);
      return { _id: positionId(partition, seq), partition, seq, eventDocumentId: doc._id, eventId: doc.eventId, at: doc.occurredAt };
    });
    await eventsCollection.insertMany(docs, { ordered: false });
    await positions.insertMany(placed, { ordered: false });
    for (const [partition, head] of heads) await partitions.replaceOne({ _id: partitionId(partition) }, { head }, { upsert: true });
  };
}
