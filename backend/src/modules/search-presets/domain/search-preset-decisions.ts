import {
  type AnyDomainEvent,
  LibraryEventType,
  SEARCH_PRESET_LIMIT,
  type SearchPreset,
  type SearchPresetDeletedV1,
  type SearchPresetSavedV1,
  withSearchPresetEvent,
} from '@shelf/contracts';
import type { Decision } from '../../../domain/decision';
import { DomainError } from '../../../domain/domain-error';

type PresetEvent = SearchPresetSavedV1 | SearchPresetDeletedV1;

/** The reader's saved searches at the end of their search-presets stream, oldest first. */
export const foldSearchPresets = (history: AnyDomainEvent[]): SearchPreset[] =>
  (history as PresetEvent[]).reduce<SearchPreset[]>((presets, event) => withSearchPresetEvent(presets, event, event.occurredAt), []);

export interface PresetSave {
  userId: string;
  name: string;
  query: string;
  /** ISO time of the request, the new preset's saved_at. */
  now: string;
}

/** Saves a search under a name (replacing one of that name); a new name beyond SEARCH_PRESET_LIMIT is refused. */
export function decideSavePreset(history: AnyDomainEvent[], { userId, name, query, now }: PresetSave): Decision<SearchPreset[], SearchPresetSavedV1> {
  const presets = foldSearchPresets(history);
  const existing = presets.find((preset) => preset.name === name);
  if (existing?.query === query) return { outcome: presets, events: [] };
  if (!existing && presets.length >= SEARCH_PRESET_LIMIT) {
    throw new DomainError('invalid', `You can save at most ${SEARCH_PRESET_LIMIT} searches. Delete one first.`);
  }
  const event = { type: LibraryEventType.SearchPresetSaved, data: { user_id: userId, name, query } };
  return { outcome: withSearchPresetEvent(presets, event, now), events: [event] };
}

/** Deletes a saved search; a name that is not saved is refused as not found. */
export function decideDeletePreset(history: AnyDomainEvent[], { userId, name }: { userId: string; name: string }): Decision<SearchPreset[], SearchPresetDeletedV1> {
  const presets = foldSearchPresets(history);
  if (!presets.some((preset) => preset.name === name)) throw new DomainError('not-found', 'There is no saved search of that name.');
  const event = { type: LibraryEventType.SearchPresetDeleted, data: { user_id: userId, name } };
  return { outcome: withSearchPresetEvent(presets, event, ''), events: [event] };
}
