import { Injectable } from '@nestjs/common';
import { LibraryEventType, LibraryReadModelCollection, type ShelvesReadModel } from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { ProjectionContext, Projector } from '../projector';
import { reduceShelves, type ShelfEvent } from './shelf-reducers';

/** Each reader's shelves, one document per reader; a reader's library streams share a partition, its one writer. */
@Injectable()
export class ShelvesProjector implements Projector {
  readonly name = 'shelves';
  readonly handles = [LibraryEventType.ShelfChosen, LibraryEventType.ShelfCleared];
  readonly owns = [LibraryReadModelCollection.Shelves];

  async apply(event: ShelfEvent, { models }: ProjectionContext): Promise<void> {
    const shelves = models.collection<ShelvesReadModel>(LibraryReadModelCollection.Shelves);
    const current = await shelves.findOne({ _id: event.data.user_id });
    const next = reduceShelves(current, event);
    if (next) await saveDocument(shelves, next, !current);
  }
}
