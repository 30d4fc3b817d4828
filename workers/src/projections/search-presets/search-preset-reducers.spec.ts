import { LibraryEventType } from '@shelf/contracts';
import { reduceSearchPresets, type SearchPresetEvent } from './search-preset-reducers';

const meta = { actor: 'u1', correlationId: 'k', causationId: null };
const base = (version: number) => ({ id: `e${version}`, streamId: 'library-u1-search-presets', version, metadata: meta, occurredAt: `2026-11-25T10:00:0${version}.000Z` });
const saved = (version: number, name: string, query: string): SearchPresetEvent => ({ ...base(version), type: LibraryEventType.SearchPresetSaved, data: { user_id: 'u1', name, query } });
const deleted = (version: number, name: string): SearchPresetEvent => ({ ...base(version), type: LibraryEventType.SearchPresetDeleted, data: { user_id: 'u1', name } });

describe('search presets', () => {
  it('adds, replaces in place and deletes saved searches', () => {
    const one = reduceSearchPresets(null, saved(1, 'A', 'tag=Sweet'));
    const two = reduceSearchPresets(one, saved(2, 'B', 'tag=Cute'));
    const replaced = reduceSearchPresets(two, saved(3, 'A', 'tag=Wuxia'));
    expect(replaced).toEqual({
      _id: 'u1',
      presets: [
        { name: 'A', query: 'tag=Wuxia', saved_at: '2026-11-25T10:00:03.000Z' },
        { name: 'B', query: 'tag=Cute', saved_at: '2026-11-25T10:00:02.000Z' },
      ],
      version: 3,
    });
    expect(reduceSearchPresets(replaced, deleted(4, 'A'))?.presets.map((preset) => preset.name)).toEqual(['B']);
  });

  it('changes nothing for an event applied again', () => {
    const two = reduceSearchPresets(reduceSearchPresets(null, saved(1, 'A', 'tag=Sweet')), deleted(2, 'A'));
    expect(reduceSearchPresets(two, saved(1, 'A', 'tag=Sweet'))).toBeNull();
  });
});
