import {
  type AnyDomainEvent,
  applyReaderSettingsEvent,
  CHOSEN_TITLES_LIMIT,
  DEFAULT_READER_SETTINGS,
  LibraryEventType,
  type ReaderSettings,
  type ReaderSettingsEvent,
  type TitleForm,
  type TitleFormChosenV1,
} from '@shelf/contracts';
import type { Decision, NewEvent } from '../../../domain/decision';
import { DomainError } from '../../../domain/domain-error';

/** The reader's settings at the end of their settings stream (the defaults for a reader who chose none). */
export const foldReaderSettings = (history: AnyDomainEvent[]): ReaderSettings =>
  (history as ReaderSettingsEvent[]).reduce(applyReaderSettingsEvent, DEFAULT_READER_SETTINGS);

/** The switches a reader may turn on or off; a switch left out stays as it is. */
export interface ReaderSwitches {
  spoiler_fold?: boolean;
  glossary_marks?: boolean;
}

export const TOO_MANY_TITLES = `You can choose the form of at most ${CHOSEN_TITLES_LIMIT} titles.`;

/** Turns the given switches on or off: one event for each that changes, none when all are already so. */
export function decideSwitches(history: AnyDomainEvent[], { userId, switches }: { userId: string; switches: ReaderSwitches }): Decision<ReaderSettings, ReaderSettingsEvent> {
  const settings = foldReaderSettings(history);
  const events: NewEvent<ReaderSettingsEvent>[] = [];
  if (switches.spoiler_fold !== undefined && switches.spoiler_fold !== settings.spoiler_fold) {
    events.push({ type: LibraryEventType.SpoilerFoldChosen, data: { user_id: userId, fold: switches.spoiler_fold } });
  }
  if (switches.glossary_marks !== undefined && switches.glossary_marks !== settings.glossary_marks) {
    events.push({ type: LibraryEventType.GlossaryMarksChosen, data: { user_id: userId, marks: switches.glossary_marks } });
  }
  return { outcome: { ...settings, ...switches }, events };
}

/**
 * Chooses the form the reader reads `title` in (titleKey: its original in lower case), or forgets the choice
 * (`as_written`); appends nothing when it is already so, and refuses a new title past CHOSEN_TITLES_LIMIT.
 */
export function decideTitleForm(
  history: AnyDomainEvent[],
  { userId, title, form }: { userId: string; title: string; form: TitleForm | 'as_written' },
): Decision<ReaderSettings, ReaderSettingsEvent> {
  const settings = foldReaderSettings(history);
  const current = settings.title_forms.find((chosen) => chosen.title === title)?.form ?? 'as_written';
  if (current === form) return { outcome: settings, events: [] };
  if (current === 'as_written' && settings.title_forms.length >= CHOSEN_TITLES_LIMIT) throw new DomainError('invalid', TOO_MANY_TITLES);
  const event: NewEvent<TitleFormChosenV1> = { type: LibraryEventType.TitleFormChosen, data: { user_id: userId, title, form } };
  return { outcome: applyReaderSettingsEvent(settings, event as TitleFormChosenV1), events: [event] };
}
