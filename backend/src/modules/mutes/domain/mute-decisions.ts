import {
  type AnyDomainEvent,
  LibraryEventType,
  MUTE_LIMIT,
  type MuteEvent,
  type MuteLists,
  type MuteRelation,
  MuteText,
  muteLimitMessage,
  withMuteEvent,
} from '@shelf/contracts';
import type { Decision } from '../../../domain/decision';
import { DomainError } from '../../../domain/domain-error';

/** The readers muted and blocked at the end of the reader's mutes stream, oldest first. */
export const foldMutes = (history: AnyDomainEvent[]): MuteLists =>
  (history as MuteEvent[]).reduce<MuteLists>((lists, event) => withMuteEvent(lists, event, event.occurredAt), { muted: [], blocked: [] });

export interface MuteRequest {
  userId: string;
  targetId: string;
  relation: MuteRelation;
  /** The target's name now; null when there is no such reader. */
  targetName: string | null;
  /** ISO time of the request, the new entry's `since`. */
  now: string;
}

/** A reader cannot mute or block themselves. Checked before the target is looked up. */
export function refuseSelf({ userId, targetId, relation }: Pick<MuteRequest, 'userId' | 'targetId' | 'relation'>): void {
  if (userId === targetId) throw new DomainError('invalid', relation === 'muted' ? MuteText.muteSelf : MuteText.blockSelf);
}

/**
 * Mutes or blocks a reader. Doing it again changes nothing (idempotent); an unknown reader is refused as not found,
 * and a new one beyond MUTE_LIMIT of that list is refused.
 */
export function decideMute(history: AnyDomainEvent[], request: MuteRequest): Decision<MuteLists, MuteEvent> {
  const { userId, targetId, relation, targetName, now } = request;
  refuseSelf(request);
  if (targetName === null) throw new DomainError('not-found', MuteText.unknownReader);
  const lists = foldMutes(history);
  if (lists[relation].some((entry) => entry.user_id === targetId)) return { outcome: lists, events: [] };
  if (lists[relation].length >= MUTE_LIMIT) throw new DomainError('invalid', muteLimitMessage(relation, MUTE_LIMIT));
  const type = relation === 'muted' ? LibraryEventType.ReaderMuted : LibraryEventType.ReaderBlocked;
  const event = { type, data: { user_id: userId, target_id: targetId, username: targetName } };
  return { outcome: withMuteEvent(lists, event, now), events: [event] };
}

/** Unmutes or unblocks a reader; one not on the list is left as it is (idempotent). */
export function decideUnmute(history: AnyDomainEvent[], { userId, targetId, relation }: Pick<MuteRequest, 'userId' | 'targetId' | 'relation'>): Decision<MuteLists, MuteEvent> {
  const lists = foldMutes(history);
  if (!lists[relation].some((entry) => entry.user_id === targetId)) return { outcome: lists, events: [] };
  const type = relation === 'muted' ? LibraryEventType.ReaderUnmuted : LibraryEventType.ReaderUnblocked;
  const event = { type, data: { user_id: userId, target_id: targetId } };
  return { outcome: withMuteEvent(lists, event, ''), events: [event] };
}
