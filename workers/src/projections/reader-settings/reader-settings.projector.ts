import { Injectable } from '@nestjs/common';
import { LibraryEventType, LibraryReadModelCollection, type ReaderForgottenV1, type ReaderSettingsEvent, type ReaderSettingsReadModel } from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { ProjectionContext, Projector } from '../../engine';
import { reduceReaderSettings } from './reader-settings-reducers';

/**
 * Each reader's settings, one document per reader who chose one; an erased reader's go back to the defaults (the
 * version applied stays, so nothing is applied twice). A reader's library streams share a partition, its one writer.
 */
@Injectable()
export class ReaderSettingsProjector implements Projector {
  readonly name = 'reader-settings';
  readonly handles = [LibraryEventType.SpoilerFoldChosen, LibraryEventType.GlossaryMarksChosen, LibraryEventType.TitleFormChosen, LibraryEventType.ReaderForgotten];
  readonly owns = [LibraryReadModelCollection.ReaderSettings];

  async apply(event: ReaderSettingsEvent | ReaderForgottenV1, { models }: ProjectionContext): Promise<void> {
    const settings = models.collection<ReaderSettingsReadModel>(LibraryReadModelCollection.ReaderSettings);
    const current = await settings.findOne({ _id: event.data.user_id });
    if (event.type === LibraryEventType.ReaderForgotten) {
      if (current) await settings.replaceOne({ _id: current._id }, { spoiler_fold: true, glossary_marks: true, title_forms: [], version: current.version });
      return;
    }
    const next = reduceReaderSettings(current, event);
    if (next) await saveDocument(settings, next, !current);
  }
}
