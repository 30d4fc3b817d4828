import { Injectable } from '@nestjs/common';
import { LibraryEventType, LibraryReadModelCollection, type MuteEvent, muteEffect, type ReaderForgottenV1, type ReaderMutesReadModel } from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { ProjectionContext, Projector } from '../../engine';
import { reduceMutes } from './mute-reducers';

/**
 * Each reader's muted and blocked readers, one document per reader (`rm_reader_mutes`), by id alone (MutedReaderRef);
 * a reader's library streams share a partition, its one writer. Once stored, the reader's live sockets join (or leave) the muters' room of the
 * reader muted or blocked, so that reader's comment pushes reach them folded from then on.
 */
@Injectable()
export class MutesProjector implements Projector {
  readonly name = 'mutes';
  /** 2: the readers on the lists without their names. */
  readonly shape = 2;
  readonly handles = [LibraryEventType.ReaderMuted, LibraryEventType.ReaderUnmuted, LibraryEventType.ReaderBlocked, LibraryEventType.ReaderUnblocked, LibraryEventType.ReaderForgotten];
  readonly owns = [LibraryReadModelCollection.ReaderMutes];

  async apply(event: MuteEvent | ReaderForgottenV1, { push, models }: ProjectionContext): Promise<void> {
    const mutes = models.collection<ReaderMutesReadModel>(LibraryReadModelCollection.ReaderMutes);
    const current = await mutes.findOne({ _id: event.data.user_id });
    // An erased reader's mutes and blocks go (they can no longer sign in to be spared anything); the version stays.
    if (event.type === LibraryEventType.ReaderForgotten) {
      if (current) await mutes.replaceOne({ _id: current._id }, { muted: [], blocked: [], version: current.version });
      return;
    }
    const next = reduceMutes(current, event);
    if (!next) return;
    await saveDocument(mutes, next, !current);
    push({ kind: 'muter-room', userId: event.data.user_id, targetId: event.data.target_id, ...muteEffect(event.type) });
  }
}
