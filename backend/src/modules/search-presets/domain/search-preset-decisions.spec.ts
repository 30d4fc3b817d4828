import { type AnyDomainEvent, LibraryEventType, SEARCH_PRESET_LIMIT } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { decideDeletePreset, decideSavePreset, foldSearchPresets } from './search-preset-decisions';

const meta = { actor: 'u1', correlationId: 'k', causationId: null };
const saved = (version: number, name: string, query: string): AnyDomainEvent => ({
  id: `e${version}`, streamId: 'library-u1-search-presets', version, type: LibraryEventType.SearchPresetSaved, data: { user_id: 'u1', name, query }, metadata: meta, occurredAt: `2026-11-25T10:00:0${version}.000Z`,
});
const deleted = (version: number, name: string): AnyDomainEvent => ({
  id: `e${version}`, streamId: 'library-u1-search-presets', version, type: LibraryEventType.SearchPresetDeleted, data: { user_id: 'u1', name }, metadata: meta, occurredAt: `2026-11-25T10:00:0${version}.000Z`,
});
const now = '2026-11-25T11:00:00.000Z';
const save = (name: string, query: string) => ({ userId: 'u1', name, query, now });

describe('saved searches', () => {
  it('saves a search, and saving under the same name replaces it in its place', () => {
    const first = decideSavePreset([], save('Sweet BL', 'diversity=Danmei%2FBL&tag=Sweet'));
    expect(first.events).toEqual([{ type: LibraryEventType.SearchPresetSaved, data: { user_id: 'u1', name: 'Sweet BL', query: 'diversity=Danmei%2FBL&tag=Sweet' } }]);
    expect(first.outcome).toEqual([{ name: 'Sweet BL', query: 'diversity=Danmei%2FBL&tag=Sweet', saved_at: now }]);
    const history = [saved(1, 'Sweet BL', 'tag=Sweet'), saved(2, 'No angst', 'exclude_tag=Heartbreaking')];
    expect(decideSavePreset(history, save('Sweet BL', 'tag=Cute')).outcome.map((preset) => [preset.name, preset.query])).toEqual([
      ['Sweet BL', 'tag=Cute'],
      ['No angst', 'exclude_tag=Heartbreaking'],
    ]);
  });

  it('appends nothing when the same search is saved again under its name', () => {
    expect(decideSavePreset([saved(1, 'Sweet BL', 'tag=Sweet')], save('Sweet BL', 'tag=Sweet')).events).toEqual([]);
  });

  it(`refuses a new name beyond ${SEARCH_PRESET_LIMIT} saved searches, but still replaces one`, () => {
    const full = Array.from({ length: SEARCH_PRESET_LIMIT }, (_, i) => saved(i + 1, `Search ${i}`, `page=${i}`));
    expect(() => decideSavePreset(full, save('One more', 'tag=Sweet'))).toThrow(new DomainError('invalid', `You can save at most ${SEARCH_PRESET_LIMIT} searches. Delete one first.`));
    expect(decideSavePreset(full, save('Search 3', 'tag=Sweet')).events).toHaveLength(1);
  });

  it('deletes a saved search, and refuses a name that is not saved', () => {
    const history = [saved(1, 'Sweet BL', 'tag=Sweet'), saved(2, 'No angst', 'exclude_tag=Heartbreaking')];
    const { outcome, events } = decideDeletePreset(history, { userId: 'u1', name: 'Sweet BL' });
    expect(events).toEqual([{ type: LibraryEventType.SearchPresetDeleted, data: { user_id: 'u1', name: 'Sweet BL' } }]);
    expect(outcome.map((preset) => preset.name)).toEqual(['No angst']);
    expect(() => decideDeletePreset([...history, deleted(3, 'Sweet BL')], { userId: 'u1', name: 'Sweet BL' })).toThrow(new DomainError('not-found', 'There is no saved search of that name.'));
  });

  it('folds a stream into the presets in the order first saved, with their times', () => {
    expect(foldSearchPresets([saved(1, 'A', 'tag=Sweet'), saved(2, 'B', 'tag=Cute'), deleted(3, 'A'), saved(4, 'A', 'tag=Wuxia')])).toEqual([
      { name: 'B', query: 'tag=Cute', saved_at: '2026-11-25T10:00:02.000Z' },
      { name: 'A', query: 'tag=Wuxia', saved_at: '2026-11-25T10:00:04.000Z' },
    ]);
  });
});
