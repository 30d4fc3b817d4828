import { Injectable } from '@nestjs/common';
import { LibraryEventType, LibraryReadModelCollection, type ReaderForgottenV1, type SearchPresetsReadModel } from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { ProjectionContext, Projector } from '../../engine';
import { reduceSearchPresets, type SearchPresetEvent } from './search-preset-reducers';

/** Each reader's saved searches, one document per reader; a reader's library streams share a partition, its one writer. */
@Injectable()
export class SearchPresetsProjector implements Projector {
  readonly name = 'search-presets';
  readonly handles = [LibraryEventType.SearchPresetSaved, LibraryEventType.SearchPresetDeleted, LibraryEventType.ReaderForgotten];
  readonly owns = [LibraryReadModelCollection.SearchPresets];

  async apply(event: SearchPresetEvent | ReaderForgottenV1, { models }: ProjectionContext): Promise<void> {
    const presets = models.collection<SearchPresetsReadModel>(LibraryReadModelCollection.SearchPresets);
    const current = await presets.findOne({ _id: event.data.user_id });
    // An erased reader's saved searches go; the version applied stays.
    if (event.type === LibraryEventType.ReaderForgotten) {
      if (current) await presets.replaceOne({ _id: current._id }, { presets: [], version: current.version });
      return;
    }
    const next = reduceSearchPresets(current, event);
    if (next) await saveDocument(presets, next, !current);
  }
}
