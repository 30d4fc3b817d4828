import type { AnyDomainEvent } from '@shelf/contracts';
import type { Projector } from './projector';
import type { ReadModels } from './read-models';
import { WriteBuffers } from './write-buffers';

/**
 * Applies `event` with each of `projectors` that handles it straight to the read models' collections, as an event out
 * of its log order (no place, nothing pushed), then does what they deferred until the writes: how tests project an
 * event without appending it.
 */
export async function applyStraight(readModels: ReadModels, projectors: readonly Projector[], event: AnyDomainEvent): Promise<void> {
  const writes = new WriteBuffers(readModels.db, new Map());
  const models = readModels.batch(writes, { rebuilding: false });
  for (const projector of projectors) if (projector.handles.includes(event.type)) await projector.apply(event, { place: null, push: () => undefined, models });
  await writes.flush();
}
