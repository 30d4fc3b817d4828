import { LibraryEventType, type SpoilerFoldChosenV1 } from '@shelf/contracts';
import { reduceReaderSettings } from './reader-settings-reducers';

const chosen = (version: number, fold: boolean): SpoilerFoldChosenV1 => ({
  id: `e${version}`,
  streamId: 'library-u1-settings',
  version,
  type: LibraryEventType.SpoilerFoldChosen,
  data: { user_id: 'u1', fold },
  metadata: { actor: 'u1', correlationId: 'k', causationId: null },
  occurredAt: '2026-11-28T10:00:00.000Z',
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
