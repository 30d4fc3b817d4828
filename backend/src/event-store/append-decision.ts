import type { AnyDomainEvent, EventMetadata } from '@shelf/contracts';
import type { Decision } from '../domain/decision';
import { ConcurrencyError } from './concurrency-error';
import type { EventStore } from './event-store';

/** Enough for a burst of readers acting on one comment at once (each conflict lets one writer through). */
const ATTEMPTS = 30;

/** A few random milliseconds, growing with the attempt, so that writers who collided do not collide again. */
const jitter = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, attempt * 5)));

/**
 * Reads a stream, decides, appends; when another writer got there first, reads and decides again. The decision is
 * pure, so a retry never doubles an event; a refusal (a thrown DomainError) appends nothing.
 */
export async function appendDecision<Outcome>(
  store: EventStore,
  streamId: string,
  decide: (history: AnyDomainEvent[]) => Decision<Outcome>,
  by: EventMetadata,
): Promise<Outcome> {
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(streamId);
    const { outcome, events } = decide(history);
    if (events.length === 0) return outcome;
    try {
      await store.append(streamId, history.length, events, by);
      return outcome;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt === ATTEMPTS) throw error;
      await jitter(attempt);
    }
  }
}
