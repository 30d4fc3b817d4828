import { type AnyDomainEvent, LibraryEventType } from '@shelf/contracts';
import { storedEvent } from '@test/decider-spec';
import { decideSpoilerFold, foldReaderSettings } from './reader-settings-decisions';

/** The reader's `version`th choice, as the store keeps it. */
const chosen = (version: number, fold: boolean): AnyDomainEvent => ({
  ...storedEvent<AnyDomainEvent>('library-u1-settings', LibraryEventType.SpoilerFoldChosen, { user_id: 'u1', fold }, '2026-11-28T10:00:00.000Z'),
  id: `e${version}`,
  version,
});

describe('reader settings', () => {
  it('folds spoilers for a reader who chose nothing', () => {
    expect(foldReaderSettings([])).toEqual({ spoiler_fold: true });
  });
  it('turns folding off and on again, each time with one event', () => {
    const off = decideSpoilerFold([], { userId: 'u1', fold: false });
    expect(off).toEqual({ outcome: { spoiler_fold: false }, events: [{ type: LibraryEventType.SpoilerFoldChosen, data: { user_id: 'u1', fold: false } }] });
    expect(decideSpoilerFold([chosen(1, false)], { userId: 'u1', fold: true }).events).toHaveLength(1);
  });
  it('appends nothing when the setting is already as asked', () => {
    expect(decideSpoilerFold([], { userId: 'u1', fold: true })).toEqual({ outcome: { spoiler_fold: true }, events: [] });
    expect(decideSpoilerFold([chosen(1, false)], { userId: 'u1', fold: false }).events).toEqual([]);
  });
});
