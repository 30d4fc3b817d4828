import type { SearchPresetDeletedV1, SearchPresetSavedV1, SearchPresetsReadModel } from '@shelf/contracts';
import { withSearchPresetEvent } from '@shelf/contracts';

export type SearchPresetEvent = SearchPresetSavedV1 | SearchPresetDeletedV1;

/** The reader's saved searches after the event, or null when it was applied before. */
export function reduceSearchPresets(current: SearchPresetsReadModel | null, event: SearchPresetEvent): SearchPresetsReadModel | null {
  if ((current?.version ?? 0) >= event.version) return null;
  return { _id: event.data.user_id, presets: withSearchPresetEvent(current?.presets ?? [], event, event.occurredAt), version: event.version };
}
