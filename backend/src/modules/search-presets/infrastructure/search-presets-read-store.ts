import { Injectable } from '@nestjs/common';
import { LibraryReadModelCollection, type SearchPreset, type SearchPresetsReadModel } from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** A reader's saved searches as the workers' search-presets projector keeps them: one `_id` lookup. */
@Injectable()
export class SearchPresetsReadStore {
  constructor(private readonly readModels: ReadModels) {}

  async presets(userId: string): Promise<SearchPreset[]> {
    const doc = await this.readModels.collection<SearchPresetsReadModel>(LibraryReadModelCollection.SearchPresets).findOne({ _id: userId });
    return doc?.presets ?? [];
  }
}
