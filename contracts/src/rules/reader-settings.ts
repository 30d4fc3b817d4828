import type { ReaderSettingsEvent } from '../events/library-events';
import { LibraryEventType } from '../events/library-events';
import type { ReaderSettings } from '../read-models/library-read-models';

/**
 * The reader's settings after one event of their settings stream: the one fold of that stream, used by the API's
 * decisions and the workers' projector alike. A title chosen `as_written` leaves the list; a title chosen again keeps
 * its place.
 */
export function applyReaderSettingsEvent(settings: ReaderSettings, event: ReaderSettingsEvent): ReaderSettings {
  switch (event.type) {
    case LibraryEventType.SpoilerFoldChosen:
      return { ...settings, spoiler_fold: event.data.fold };
    case LibraryEventType.GlossaryMarksChosen:
      return { ...settings, glossary_marks: event.data.marks };
    case LibraryEventType.TitleFormChosen: {
      const { title, form } = event.data;
      if (form === 'as_written') return { ...settings, title_forms: settings.title_forms.filter((chosen) => chosen.title !== title) };
      const at = settings.title_forms.findIndex((chosen) => chosen.title === title);
      const title_forms = at < 0 ? [...settings.title_forms, { title, form }] : settings.title_forms.map((chosen, i) => (i === at ? { title, form } : chosen));
      return { ...settings, title_forms };
    }
  }
}
