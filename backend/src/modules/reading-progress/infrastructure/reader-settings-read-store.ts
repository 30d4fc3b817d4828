import { Injectable } from '@nestjs/common';
import { DEFAULT_READER_SETTINGS, LibraryReadModelCollection, type ReaderSettings, type ReaderSettingsReadModel } from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** A reader's settings as the workers' reader-settings projector keeps them: one `_id` lookup, the defaults when none. */
@Injectable()
export class ReaderSettingsReadStore {
  constructor(private readonly readModels: ReadModels) {}

  async settings(userId: string): Promise<ReaderSettings> {
    const doc = await this.readModels.collection<ReaderSettingsReadModel>(LibraryReadModelCollection.ReaderSettings).findOne({ _id: userId });
    return {
      spoiler_fold: doc?.spoiler_fold ?? DEFAULT_READER_SETTINGS.spoiler_fold,
      glossary_marks: doc?.glossary_marks ?? DEFAULT_READER_SETTINGS.glossary_marks,
      title_forms: (doc?.title_forms ?? []).map(({ title, form }) => ({ title, form })),
    };
  }
}
