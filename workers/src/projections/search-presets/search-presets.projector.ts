import { Injectable } from '@nestjs/common';
import { LibraryEventType, LibraryReadModelCollection, type SearchPresetsReadModel } from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { ProjectionContext, Projector } from '../projector';
import { reduceSearchPresets, type SearchPresetEvent } from './search-preset-reducers';

/** Each reader's saved searches, one document per reader; a reader's library streams share a partition, its one writer. */
@Injectable()
export class SearchPresetsProjector implements Projector {
  readonly name = 'search-presets';
  readonly handles = [LibraryEventType.SearchPresetSaved, LibraryEventType.SearchPresetDeleted];
  readonly owns = [LibraryReadModelCollection.SearchPresets];

  async apply(event: SearchPresetEvent, { models }: ProjectionContext): Promise<void> {
    const presets = models.collection<SearchPresetsReadModel>(LibraryReadModelCollection.SearchPresets);
    const current = await presets.findOne({ _id: event.data.user_id });
    const next = reduceSearchPresets(current, event);
    if (next) await saveDocument(presets, next, !current);
  }
}
