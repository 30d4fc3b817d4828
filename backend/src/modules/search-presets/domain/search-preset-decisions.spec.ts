import { LibraryEventType, SEARCH_PRESET_LIMIT } from '@shelf/contracts';
import { deciderSpec, storedEvent, stream } from '@test/decider-spec';
import { decideDeletePreset, decideSavePreset, foldSearchPresets } from './search-preset-decisions';

const at = (second: number) => `2026-11-25T10:00:0${second}.000Z`;
const saved = (second: number, name: string, query: string) => storedEvent('library-u1-search-presets', LibraryEventType.SearchPresetSaved, { user_id: 'u1', name, query }, at(second));
const deleted = (second: number, name: string) => storedEvent('library-u1-search-presets', LibraryEventType.SearchPresetDeleted, { user_id: 'u1', name }, at(second));
const now = '2026-11-25T11:00:00.000Z';

const save = deciderSpec(stream, (history, { name, query }: { name: string; query: string }) => decideSavePreset(history, { userId: 'u1', name, query, now }));
const remove = deciderSpec(stream, (history, name: string) => decideDeletePreset(history, { userId: 'u1', name }));
const two = () => [saved(1, 'Sweet BL', 'tag=Sweet'), saved(2, 'No angst', 'exclude_tag=Heartbreaking')];
const full = () => Array.from({ length: SEARCH_PRESET_LIMIT }, (_, i) => saved(1, `Search ${i}`, `page=${i}`));

describe('saving a search', () => {
  it('saves a search, saved now', () =>
    save
      .given()
      .when({ name: 'Sweet BL', query: 'diversity=Danmei%2FBL&tag=Sweet' })
      .then([{ type: LibraryEventType.SearchPresetSaved, data: { user_id: 'u1', name: 'Sweet BL', query: 'diversity=Danmei%2FBL&tag=Sweet' } }], [
        { name: 'Sweet BL', query: 'diversity=Danmei%2FBL&tag=Sweet', saved_at: now },
      ]));

  it('replaces a search saved under the same name, in its place', () =>
    save
      .given(...two())
      .when({ name: 'Sweet BL', query: 'tag=Cute' })
      .thenAnswers([expect.objectContaining({ name: 'Sweet BL', query: 'tag=Cute' }), expect.objectContaining({ name: 'No angst', query: 'exclude_tag=Heartbreaking' })]));

  it('appends nothing when the same search is saved again under its name', () => save.given(saved(1, 'Sweet BL', 'tag=Sweet')).when({ name: 'Sweet BL', query: 'tag=Sweet' }).then([]));

  it(`refuses a new name beyond ${SEARCH_PRESET_LIMIT} saved searches`, () =>
    save.given(...full()).when({ name: 'One more', query: 'tag=Sweet' }).thenRefuses('invalid', `You can save at most ${SEARCH_PRESET_LIMIT} searches. Delete one first.`));

  it(`still replaces one of ${SEARCH_PRESET_LIMIT} saved searches`, () =>
    save.given(...full()).when({ name: 'Search 3', query: 'tag=Sweet' }).then([{ type: LibraryEventType.SearchPresetSaved, data: { user_id: 'u1', name: 'Search 3', query: 'tag=Sweet' } }]));
});

describe('deleting a saved search', () => {
  it('deletes it, leaving the others', () =>
    remove
      .given(...two())
      .when('Sweet BL')
      .then([{ type: LibraryEventType.SearchPresetDeleted, data: { user_id: 'u1', name: 'Sweet BL' } }], [{ name: 'No angst', query: 'exclude_tag=Heartbreaking', saved_at: at(2) }]));

  it('refuses a name that is not saved', () => remove.given(...two(), deleted(3, 'Sweet BL')).when('Sweet BL').thenRefuses('not-found', 'There is no saved search of that name.'));
});

describe('the saved searches of a stream', () => {
  it('are in the order first saved, with their times', () =>
    expect(foldSearchPresets(stream(saved(1, 'A', 'tag=Sweet'), saved(2, 'B', 'tag=Cute'), deleted(3, 'A'), saved(4, 'A', 'tag=Wuxia')))).toEqual([
      { name: 'B', query: 'tag=Cute', saved_at: at(2) },
      { name: 'A', query: 'tag=Wuxia', saved_at: at(4) },
    ]));
});
