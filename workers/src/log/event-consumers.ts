import { AccountEventType, EVENT_TYPES, type EventType } from '@shelf/contracts';
import type { Projector } from '../projections/projector';

/**
 * Event types no projector needs: the API rebuilds a user's own state from the account stream (UserRepository), and
 * no read model, e-mail or search document shows what these change. Anything else the log can hold must have one.
 */
export const UNPROJECTED_EVENT_TYPES: readonly EventType[] = [
  AccountEventType.EmailVerified,
  AccountEventType.UsernameChanged,
];

/**
 * Throws, naming them, when event types of the log have neither a projector that handles them nor a place in
 * UNPROJECTED_EVENT_TYPES (such events would be passed over without a word), or when a projector names a type the log
 * cannot hold (a typo, or a type renamed: it would wait for events that never come). Returns the projectors.
 */
export function assertEveryEventConsumed<P extends Pick<Projector, 'handles'>>(projectors: readonly P[]): readonly P[] {
  const known = new Set<string>(EVENT_TYPES);
  const unknown = [...new Set<string>([...projectors.flatMap((projector) => projector.handles), ...UNPROJECTED_EVENT_TYPES])].filter((type) => !known.has(type));
  if (unknown.length > 0) throw new Error(`A projector handles the unknown event type(s) ${unknown.join(', ')}: the log holds no such events (see EVENT_TYPES in contracts).`);
  const consumed = new Set<EventType>([...projectors.flatMap((projector) => projector.handles), ...UNPROJECTED_EVENT_TYPES]);
  const unconsumed = EVENT_TYPES.filter((type) => !consumed.has(type));
  if (unconsumed.length > 0) {
    throw new Error(
      `No projector handles the event type(s) ${unconsumed.join(', ')}: add them to a projector's \`handles\`, or to UNPROJECTED_EVENT_TYPES if nothing needs to project them.`,
    );
  }
  return projectors;
}
