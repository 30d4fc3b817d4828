import { applyReaderSettingsEvent, DEFAULT_READER_SETTINGS, type ReaderSettingsEvent, type ReaderSettingsReadModel } from '@shelf/contracts';

/** The reader's settings after the event, or null when it was applied before. */
export function reduceReaderSettings(current: ReaderSettingsReadModel | null, event: ReaderSettingsEvent): ReaderSettingsReadModel | null {
  if ((current?.version ?? 0) >= event.version) return null;
  // A document written before a setting existed lacks it: the setting's default.
  const settings = applyReaderSettingsEvent({ ...DEFAULT_READER_SETTINGS, ...current }, event);
  return { _id: event.data.user_id, spoiler_fold: settings.spoiler_fold, glossary_marks: settings.glossary_marks, title_forms: settings.title_forms, version: event.version };
}
