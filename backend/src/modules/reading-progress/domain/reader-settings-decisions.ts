import { type AnyDomainEvent, DEFAULT_READER_SETTINGS, LibraryEventType, type ReaderSettings, type SpoilerFoldChosenV1 } from '@shelf/contracts';
import type { Decision } from '../../../domain/decision';

/** The reader's settings at the end of their settings stream (the defaults for a reader who chose none). */
export const foldReaderSettings = (history: AnyDomainEvent[]): ReaderSettings =>
  (history as SpoilerFoldChosenV1[]).reduce<ReaderSettings>((settings, event) => ({ ...settings, spoiler_fold: event.data.fold }), DEFAULT_READER_SETTINGS);

/** Turns folding spoilers on or off; appends nothing when it is already so. */
export function decideSpoilerFold(history: AnyDomainEvent[], { userId, fold }: { userId: string; fold: boolean }): Decision<ReaderSettings, SpoilerFoldChosenV1> {
  const settings = foldReaderSettings(history);
  if (settings.spoiler_fold === fold) return { outcome: settings, events: [] };
  return { outcome: { ...settings, spoiler_fold: fold }, events: [{ type: LibraryEventType.SpoilerFoldChosen, data: { user_id: userId, fold } }] };
}
