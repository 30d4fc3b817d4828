import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { libraryStreams, type SearchPreset } from '@shelf/contracts';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import { parseSearchParams } from '../../catalog';
import { decideDeletePreset, decideSavePreset } from '../domain/search-preset-decisions';
import { DeleteSearchPresetCommand, SaveSearchPresetCommand } from './search-preset.commands';

/** A search address query as the search reads it: repeated names become lists. */
function queryParams(query: string): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const was = params[key];
    params[key] = was === undefined ? value : [...[was].flat(), value];
  }
  return params;
}

/** Resolves with the reader's saved searches after the save. A query the search would refuse is refused here too. */
@CommandHandler(SaveSearchPresetCommand)
export class SaveSearchPresetHandler implements ICommandHandler<SaveSearchPresetCommand, SearchPreset[]> {
  constructor(private readonly store: EventStore) {}

  async execute({ userId, name, query }: SaveSearchPresetCommand): Promise<SearchPreset[]> {
    const search = new URLSearchParams(query.replace(/^\?/, ''));
    search.delete('page');
    parseSearchParams(queryParams(search.toString()));
    const save = { userId, name, query: search.toString(), now: new Date().toISOString() };
    return appendDecision(this.store, libraryStreams.searchPresets(userId), (history) => decideSavePreset(history, save), eventMetadata(userId));
  }
}

/** Resolves with the reader's saved searches after the deletion. */
@CommandHandler(DeleteSearchPresetCommand)
export class DeleteSearchPresetHandler implements ICommandHandler<DeleteSearchPresetCommand, SearchPreset[]> {
  constructor(private readonly store: EventStore) {}

  async execute({ userId, name }: DeleteSearchPresetCommand): Promise<SearchPreset[]> {
    return appendDecision(this.store, libraryStreams.searchPresets(userId), (history) => decideDeletePreset(history, { userId, name }), eventMetadata(userId));
  }
}
