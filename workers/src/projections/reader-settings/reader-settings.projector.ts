import { Injectable } from '@nestjs/common';
import { LibraryEventType, LibraryReadModelCollection, type ReaderSettingsReadModel, type SpoilerFoldChosenV1 } from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { ProjectionContext, Projector } from '../../engine';
import { reduceReaderSettings } from './reader-settings-reducers';

/** Each reader's settings, one document per reader who chose one; a reader's library streams share a partition, its one writer. */
@Injectable()
export class ReaderSettingsProjector implements Projector {
  readonly name = 'reader-settings';
  readonly handles = [LibraryEventType.SpoilerFoldChosen];
  readonly owns = [LibraryReadModelCollection.ReaderSettings];

  async apply(event: SpoilerFoldChosenV1, { models }: ProjectionContext): Promise<void> {
    const settings = models.collection<ReaderSettingsReadModel>(LibraryReadModelCollection.ReaderSettings);
    const current = await settings.findOne({ _id: event.data.user_id });
    const next = reduceReaderSettings(current, event);
    if (next) await saveDocument(settings, next, !current);
  }
}
