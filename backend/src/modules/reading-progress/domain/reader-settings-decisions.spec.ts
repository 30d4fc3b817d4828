import { type AnyDomainEvent, CHOSEN_TITLES_LIMIT, LibraryEventType } from '@shelf/contracts';
import { storedEvent } from '@test/decider-spec';
import { decideSwitches, decideTitleForm, foldReaderSettings, TOO_MANY_TITLES } from './reader-settings-decisions';

/** The reader's `version`th event of their settings stream, as the store keeps it. */
const stored = (version: number, type: AnyDomainEvent['type'], data: Record<string, unknown>): AnyDomainEvent => ({
  ...storedEvent<AnyDomainEvent>('library-u1-settings', type, { user_id: 'u1', ...data }, '2026-11-28T10:00:00.000Z'),
  id: `e${version}`,
  version,
});
const foldOff = stored(1, LibraryEventType.SpoilerFoldChosen, { fold: false });
const shixiong = (version: number, form: string) => stored(version, LibraryEventType.TitleFormChosen, { title: 'shixiong', form });

describe('reader settings', () => {
  it('folds spoilers and marks the glossary for a reader who chose nothing', () => {
    expect(foldReaderSettings([])).toEqual({ spoiler_fold: true, glossary_marks: true, title_forms: [] });
  });
  it('turns folding off and on again, each time with one event', () => {
    const off = decideSwitches([], { userId: 'u1', switches: { spoiler_fold: false } });
    expect(off.outcome.spoiler_fold).toBe(false);
    expect(off.events).toEqual([{ type: LibraryEventType.SpoilerFoldChosen, data: { user_id: 'u1', fold: false } }]);
    expect(decideSwitches([foldOff], { userId: 'u1', switches: { spoiler_fold: true } }).events).toHaveLength(1);
  });
  it('turns the glossary marks off, leaving the spoiler fold as it is', () => {
    const decision = decideSwitches([foldOff], { userId: 'u1', switches: { glossary_marks: false } });
    expect(decision.outcome).toEqual({ spoiler_fold: false, glossary_marks: false, title_forms: [] });
    expect(decision.events).toEqual([{ type: LibraryEventType.GlossaryMarksChosen, data: { user_id: 'u1', marks: false } }]);
  });
  it('appends nothing when the switches are already as asked', () => {
    expect(decideSwitches([], { userId: 'u1', switches: { spoiler_fold: true, glossary_marks: true } }).events).toEqual([]);
    expect(decideSwitches([foldOff], { userId: 'u1', switches: { spoiler_fold: false } }).events).toEqual([]);
  });
  it('chooses a title’s form, changes it, and forgets it as written', () => {
    const chosen = decideTitleForm([], { userId: 'u1', title: 'shixiong', form: 'rendering' });
    expect(chosen.outcome.title_forms).toEqual([{ title: 'shixiong', form: 'rendering' }]);
    expect(chosen.events).toEqual([{ type: LibraryEventType.TitleFormChosen, data: { user_id: 'u1', title: 'shixiong', form: 'rendering' } }]);
    expect(decideTitleForm([shixiong(1, 'rendering')], { userId: 'u1', title: 'shixiong', form: 'original' }).outcome.title_forms).toEqual([
      { title: 'shixiong', form: 'original' },
    ]);
    expect(decideTitleForm([shixiong(1, 'rendering')], { userId: 'u1', title: 'shixiong', form: 'as_written' }).outcome.title_forms).toEqual([]);
  });
  it('appends nothing for a choice already made, or a title never chosen put back as written', () => {
    expect(decideTitleForm([shixiong(1, 'rendering')], { userId: 'u1', title: 'shixiong', form: 'rendering' }).events).toEqual([]);
    expect(decideTitleForm([], { userId: 'u1', title: 'gege', form: 'as_written' }).events).toEqual([]);
  });
  it(`refuses a new title past ${CHOSEN_TITLES_LIMIT}, but lets a chosen one change`, () => {
    const full = Array.from({ length: CHOSEN_TITLES_LIMIT }, (_, i) => stored(i + 1, LibraryEventType.TitleFormChosen, { title: `title ${i}`, form: 'original' }));
    expect(() => decideTitleForm(full, { userId: 'u1', title: 'one more', form: 'original' })).toThrow(TOO_MANY_TITLES);
    expect(decideTitleForm(full, { userId: 'u1', title: 'title 0', form: 'rendering' }).events).toHaveLength(1);
  });
});
