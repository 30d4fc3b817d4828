import { LibraryEventType, type ReaderSettingsEvent } from '../events/library-events';
import { DEFAULT_READER_SETTINGS } from '../read-models/library-read-models';
import { applyReaderSettingsEvent } from './reader-settings';

const event = (type: ReaderSettingsEvent['type'], data: Record<string, unknown>) =>
  ({ id: 'e', stream_id: 'library-u1-settings', version: 1, type, data: { user_id: 'u1', ...data }, created_at: '2026-11-30T00:00:00.000Z' }) as unknown as ReaderSettingsEvent;
const fold = (...events: ReaderSettingsEvent[]) => events.reduce(applyReaderSettingsEvent, DEFAULT_READER_SETTINGS);

describe('applyReaderSettingsEvent', () => {
  it('keeps each setting’s last choice', () => {
    expect(fold(event(LibraryEventType.SpoilerFoldChosen, { fold: false }), event(LibraryEventType.GlossaryMarksChosen, { marks: false }))).toEqual({
      spoiler_fold: false,
      glossary_marks: false,
      title_forms: [],
    });
  });
  it('keeps a title in the place it was first chosen, and forgets it chosen as written', () => {
    const chosen = fold(
      event(LibraryEventType.TitleFormChosen, { title: 'shixiong', form: 'rendering' }),
      event(LibraryEventType.TitleFormChosen, { title: 'gege', form: 'original' }),
      event(LibraryEventType.TitleFormChosen, { title: 'shixiong', form: 'original' }),
    );
    expect(chosen.title_forms).toEqual([
      { title: 'shixiong', form: 'original' },
      { title: 'gege', form: 'original' },
    ]);
    expect(applyReaderSettingsEvent(chosen, event(LibraryEventType.TitleFormChosen, { title: 'shixiong', form: 'as_written' })).title_forms).toEqual([
      { title: 'gege', form: 'original' },
    ]);
  });
});
