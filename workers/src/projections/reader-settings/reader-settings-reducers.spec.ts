import { LibraryEventType, type SpoilerFoldChosenV1 } from '@shelf/contracts';
import { storedEvent } from '@test/decider-spec';
import { reduceReaderSettings } from './reader-settings-reducers';

/** The reader's `version`th choice, as the store keeps it. */
const chosen = (version: number, fold: boolean): SpoilerFoldChosenV1 => ({
  ...storedEvent<SpoilerFoldChosenV1>('library-u1-settings', LibraryEventType.SpoilerFoldChosen, { user_id: 'u1', fold }, '2026-11-28T10:00:00.000Z'),
  id: `e${version}`,
  version,
});

describe('reader settings', () => {
  it('keeps the reader’s last choice', () => {
    const off = reduceReaderSettings(null, chosen(1, false));
    expect(off).toEqual({ _id: 'u1', spoiler_fold: false, version: 1 });
    expect(reduceReaderSettings(off, chosen(2, true))).toEqual({ _id: 'u1', spoiler_fold: true, version: 2 });
  });
  it('changes nothing for an event applied again', () => {
    const on = reduceReaderSettings(reduceReaderSettings(null, chosen(1, false)), chosen(2, true));
    expect(reduceReaderSettings(on, chosen(1, false))).toBeNull();
    expect(reduceReaderSettings(on, chosen(2, true))).toBeNull();
  });
});
