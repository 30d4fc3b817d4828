import { type MuteEvent, type ReaderMutesReadModel, withMuteEvent } from '@shelf/contracts';

/** The reader's lists after the event, or null when it was applied before. */
export function reduceMutes(current: ReaderMutesReadModel | null, event: MuteEvent): ReaderMutesReadModel | null {
  if ((current?.version ?? 0) >= event.version) return null;
  const lists = withMuteEvent({ muted: current?.muted ?? [], blocked: current?.blocked ?? [] }, event, event.occurredAt);
  return { _id: event.data.user_id, muted: lists.muted, blocked: lists.blocked, version: event.version };
}
