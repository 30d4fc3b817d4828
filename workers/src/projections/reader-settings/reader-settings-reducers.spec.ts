import { LibraryEventType, type ReaderSettingsEvent } from '@shelf/contracts';
import { storedEvent } from '@test/decider-spec';
import { reduceReaderSettings } from './reader-settings-reducers';

/** The reader's `version`th event of their settings stream, as the store keeps it. */
const stored = (version: number, type: ReaderSettingsEvent['type'], data: Record<string, unknown>): ReaderSettingsEvent => ({
  ...storedEvent<ReaderSettingsEvent>('library-u1-settings', type, { user_id: 'u1', ...data }, '2026-11-28T10:00:00.000Z'),
  id: `e${version}`,
  version,
});
const fold = (version: number, value: boolean) => stored(version, LibraryEventType.SpoilerFoldChosen, { fold: value });

describe('reader settings', () => {
  it('keeps the reader’s last choice of each setting', () => {
    const off = reduceReaderSettings(null, fold(1, false));
    expect(off).toEqual({ _id: 'u1', spoiler_fold: false, glossary_marks: true, title_forms: [], version: 1 });
    const marksOff = reduceReaderSettings(off, stored(2, LibraryEventType.GlossaryMarksChosen, { marks: false }));
    const titled = reduceReaderSettings(marksOff, stored(3, LibraryEventType.TitleFormChosen, { title: 'gege', form: 'original' }));
    expect(titled).toEqual({ _id: 'u1', spoiler_fold: false, glossary_marks: false, title_forms: [{ title: 'gege', form: 'original' }], version: 3 });
  });
  it('reads a document stored before the glossary settings with their defaults', () => {
    const old = { _id: 'u1', spoiler_fold: false, version: 1 } as never;
    expect(reduceReaderSettings(old, stored(2, LibraryEventType.TitleFormChosen, { title: 'gege', form: 'rendering' }))).toEqual({
      _id: 'u1',
      spoiler_fold: false,
      glossary_marks: true,
      title_forms: [{ title: 'gege', form: 'rendering' }],
      version: 2,
    });
  });
  it('changes nothing for an event applied again', () => {
    const on = reduceReaderSettings(reduceReaderSettings(null, fold(1, false)), fold(2, true));
    expect(reduceReaderSettings(on, fold(1, false))).toBeNull();
    expect(reduceReaderSettings(on, fold(2, true))).toBeNull();
  });
});
