import { Injectable } from '@nestjs/common';
import { LibraryEventType, LibraryReadModelCollection, type SearchPresetsReadModel } from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { Projector } from '../projector';
import { ReadModels } from '../read-models';
import { reduceSearchPresets, type SearchPresetEvent } from './search-preset-reducers';

/** Each reader's saved searches, one document per reader; a reader's library streams share a partition, its one writer. */
@Injectable()
export class SearchPresetsProjector implements Projector {
  readonly name = 'search-presets';
  readonly handles = [LibraryEventType.SearchPresetSaved, LibraryEventType.SearchPresetDeleted];
  readonly owns = [LibraryReadModelCollection.SearchPresets];

  constructor(private readonly readModels: ReadModels) {}

  async apply(event: SearchPresetEvent): Promise<void> {
    const presets = this.readModels.collection<SearchPresetsReadModel>(LibraryReadModelCollection.SearchPresets);
    const current = await presets.findOne({ _id: event.data.user_id });
    const next = reduceSearchPresets(current, event);
    if (next) await saveDocument(presets, next, !current);
  }
}
