import { Injectable } from '@nestjs/common';
import { LibraryReadModelCollection, type ShelvesReadModel } from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** A reader's shelves as the workers' shelves projector keeps them: one `_id` lookup. */
@Injectable()
export class ShelvesReadStore {
  constructor(private readonly readModels: ReadModels) {}

  async stories(userId: string): Promise<ShelvesReadModel['books']> {
    const doc = await this.readModels.collection<ShelvesReadModel>(LibraryReadModelCollection.Shelves).findOne({ _id: userId });
    return doc?.books ?? {};
  }
}
