import { LibraryEventType, type SearchPresetDeletedV1, type SearchPresetSavedV1 } from '../events/library-events';
import type { SearchPreset } from './library-read-models';

/**
 * The saved searches after one event, for the API's decider and the workers' projector alike: saving under a saved
 * name replaces that preset in its place, a new name goes last, deleting removes it. `at` is the saved preset's time.
 */
export function withSearchPresetEvent(presets: SearchPreset[], event: Pick<SearchPresetSavedV1, 'type' | 'data'> | Pick<SearchPresetDeletedV1, 'type' | 'data'>, at: string): SearchPreset[] {
  const { name } = event.data;
  if (event.type === LibraryEventType.SearchPresetDeleted) return presets.filter((preset) => preset.name !== name);
  const saved = { name, query: event.data.query, saved_at: at };
  const index = presets.findIndex((preset) => preset.name === name);
  return index === -1 ? [...presets, saved] : presets.map((preset, i) => (i === index ? saved : preset));
}
