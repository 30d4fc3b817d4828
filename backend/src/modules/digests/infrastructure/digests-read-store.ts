import { Injectable } from '@nestjs/common';
import { DigestReadModelCollection, type DigestChoices, type DigestChoicesReadModel, NO_DIGESTS } from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** A reader's digest choices as the workers' digests projector keeps them: one `_id` lookup. */
@Injectable()
export class DigestsReadStore {
  constructor(private readonly readModels: ReadModels) {}

  async choices(userId: string): Promise<DigestChoices> {
    const doc = await this.readModels.collection<DigestChoicesReadModel>(DigestReadModelCollection.Choices).findOne({ _id: userId });
    return doc ? { replies: doc.replies, chapters: doc.chapters, time_zone: doc.time_zone } : NO_DIGESTS;
  }
}
