import type { AnyDomainEvent } from '@shelf/contracts';
import { BatchEffects } from './batch-effects';
import type { Projector } from './projector';
import type { ReadModels } from './read-models';
import { WriteBuffers } from './write-buffers';

/**
 * Applies `event` with each of `projectors` that handles it straight to the read models' collections, as an event out
 * of its log order (no place), then does what they deferred until the writes: how tests project an event without
 * appending it. Resolves with the pushes and e-mails they queued, which nobody is sent.
 */
export async function applyStraight(readModels: ReadModels, projectors: readonly Projector[], event: AnyDomainEvent): Promise<BatchEffects> {
  const writes = new WriteBuffers(readModels.db, new Map());
  const models = readModels.batch(writes, { rebuilding: false });
  const effects = new BatchEffects();
  for (const projector of projectors) {
    if (projector.handles.includes(event.type)) await projector.apply(event, { place: null, push: effects.push, mail: effects.mail, models });
  }
  await writes.flush();
  return effects;
}
