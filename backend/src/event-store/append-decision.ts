import type { AnyDomainEvent, EventMetadata } from '@shelf/contracts';
import type { Decision } from '../domain/decision';
import { ConcurrencyError } from './concurrency-error';
import type { EventStore } from './event-store';

/** Enough for a burst of readers acting on one comment at once (each conflict lets one writer through). */
const ATTEMPTS = 30;

/** A few random milliseconds, growing with the attempt, so that writers who collided do not collide again. */
const jitter = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, attempt * 5)));

export interface AppendDecisionOptions {
  /**
   * Decide first on the events this process already knows of the stream (none, for a stream it does not know), without
   * reading it: a decision that appends is checked by the append itself (an event stored since meets it, and the
   * decision is made again on the stream as read); one that appends nothing is made again on the stream as read. For
   * streams that are mostly new, or last changed by this process, when a command comes: a reader's like of a story or
   * a comment, whose first like then costs no read.
   */
  optimistic?: boolean;
}

/**
 * Reads a stream, decides, appends; when another writer got there first, reads and decides again. The decision is
 * pure, so a retry never doubles an event; a refusal (a thrown DomainError) appends nothing.
 */
export async function appendDecision<Outcome>(
  store: EventStore,
  streamId: string,
  decide: (history: AnyDomainEvent[]) => Decision<Outcome>,
  by: EventMetadata,
  { optimistic = false }: AppendDecisionOptions = {},
): Promise<Outcome> {
  let read = !optimistic;
  for (let attempt = 1; ; attempt++) {
    const history = read ? await store.readStream(streamId) : store.known(streamId);
    const { outcome, events } = decide(history);
    if (events.length === 0) {
      if (read) return outcome;
      read = true;
      continue;
    }
    try {
      await store.append(streamId, history.length, events, by);
      return outcome;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt === ATTEMPTS) throw error;
      read = true;
      await jitter(attempt);
    }
  }
}
