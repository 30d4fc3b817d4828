import { type MutedReader, type MutedReaderRef, type MuteEvent, type ReaderMutesReadModel, withMuteEvent } from '@shelf/contracts';

const named = (list: MutedReaderRef[]): MutedReader[] => list.map((entry) => ({ ...entry, username: '' }));
const unnamed = (list: MutedReader[]): MutedReaderRef[] => list.map(({ user_id, since }) => ({ user_id, since }));

/** The reader's lists after the event, without the names of the readers on them; null when it was applied before. */
export function reduceMutes(current: ReaderMutesReadModel | null, event: MuteEvent): ReaderMutesReadModel | null {
  if ((current?.version ?? 0) >= event.version) return null;
  const lists = withMuteEvent({ muted: named(current?.muted ?? []), blocked: named(current?.blocked ?? []) }, event, event.occurredAt);
  return { _id: event.data.user_id, muted: unnamed(lists.muted), blocked: unnamed(lists.blocked), version: event.version };
}
