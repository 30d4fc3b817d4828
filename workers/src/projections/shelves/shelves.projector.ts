import { Injectable } from '@nestjs/common';
import { LibraryEventType, LibraryReadModelCollection, type ReaderForgottenV1, type ShelvesReadModel } from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { ProjectionContext, Projector } from '../../engine';
import { reduceShelves, type ShelfEvent } from './shelf-reducers';

/** Each reader's shelves, one document per reader; a reader's library streams share a partition, its one writer. */
@Injectable()
export class ShelvesProjector implements Projector {
  readonly name = 'shelves';
  readonly handles = [LibraryEventType.ShelfChosen, LibraryEventType.ShelfCleared, LibraryEventType.ReaderForgotten];
  readonly owns = [LibraryReadModelCollection.Shelves];

  async apply(event: ShelfEvent | ReaderForgottenV1, { models }: ProjectionContext): Promise<void> {
    const shelves = models.collection<ShelvesReadModel>(LibraryReadModelCollection.Shelves);
    const current = await shelves.findOne({ _id: event.data.user_id });
    // An erased reader's shelves are emptied; the versions applied stay, so nothing is applied twice.
    if (event.type === LibraryEventType.ReaderForgotten) {
      if (current) await shelves.replaceOne({ _id: current._id }, { books: {}, versions: current.versions });
      return;
    }
    const next = reduceShelves(current, event);
    if (next) await saveDocument(shelves, next, !current);
  }
}
