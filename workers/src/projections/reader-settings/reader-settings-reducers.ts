import type { ReaderSettingsReadModel, SpoilerFoldChosenV1 } from '@shelf/contracts';

/** The reader's settings after the event, or null when it was applied before. */
export function reduceReaderSettings(current: ReaderSettingsReadModel | null, event: SpoilerFoldChosenV1): ReaderSettingsReadModel | null {
  if ((current?.version ?? 0) >= event.version) return null;
  return { _id: event.data.user_id, spoiler_fold: event.data.fold, version: event.version };
}
