import { type AnyDomainEvent, EventLogCollection, type StoredEventDocument, toDomainEvent } from '@shelf/contracts';
import type { Connection } from 'mongoose';
import type { Projector } from '../projections/projector';

/** Reads the whole log in order (by time, then stream and version) and rebuilds every read model from it. */
export async function rebuildReadModels(connection: Connection, projectors: Projector[]): Promise<{ events: number }> {
  const stored = await connection.collection<StoredEventDocument>(EventLogCollection.Events).find({}).toArray();
  const events: AnyDomainEvent[] = stored
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.streamId.localeCompare(b.streamId) || a.version - b.version)
    .map(toDomainEvent);
  for (const projector of projectors) {
    await projector.rebuild?.(events.filter((event) => projector.handles.includes(event.type)));
  }
  return { events: events.length };
}
