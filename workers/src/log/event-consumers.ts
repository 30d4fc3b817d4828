import { AccountEventType, EVENT_TYPES, type EventType } from '@shelf/contracts';
import type { Projector } from '../engine';

/**
 * Event types no projector needs, on purpose: only their own stream's decider folds them (the API rebuilds a user's
 * state from the account stream, UserRepository), and no read model, e-mail or search document shows what they
 * change. Every other type the log can hold must have a consumer; a type listed here must have none.
 */
export const UNPROJECTED_EVENT_TYPES: readonly EventType[] = [AccountEventType.EmailVerified];

/**
 * Throws, naming them, when event types of the log have neither a projector that handles them nor a place in
 * UNPROJECTED_EVENT_TYPES (such events would be passed over without a word), when a projector names a type the log
 * cannot hold (a typo, or a type renamed: it would wait for events that never come), or when UNPROJECTED_EVENT_TYPES
 * lists a type a projector handles (the list would no longer say what is left unprojected). Returns the projectors.
 */
export function assertEveryEventConsumed<P extends Pick<Projector, 'handles'>>(projectors: readonly P[]): readonly P[] {
  const known = new Set<string>(EVENT_TYPES);
  const handled = new Set<string>(projectors.flatMap((projector) => projector.handles));
  const unknown = [...new Set<string>([...handled, ...UNPROJECTED_EVENT_TYPES])].filter((type) => !known.has(type));
  if (unknown.length > 0) throw new Error(`A projector handles the unknown event type(s) ${unknown.join(', ')}: the log holds no such events (see EVENT_TYPES in contracts).`);
  const listedButHandled = UNPROJECTED_EVENT_TYPES.filter((type) => handled.has(type));
  if (listedButHandled.length > 0) {
    throw new Error(`UNPROJECTED_EVENT_TYPES lists the event type(s) ${listedButHandled.join(', ')}, which a projector handles: take them off the list.`);
  }
  const unconsumed = EVENT_TYPES.filter((type) => !handled.has(type) && !UNPROJECTED_EVENT_TYPES.includes(type));
  if (unconsumed.length > 0) {
    throw new Error(
      `No projector handles the event type(s) ${unconsumed.join(', ')}: add them to a projector's \`handles\`, or to UNPROJECTED_EVENT_TYPES if nothing needs to project them.`,
    );
  }
  return projectors;
}
