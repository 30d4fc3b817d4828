import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { libraryStreams, type ReaderSettings } from '@shelf/contracts';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import { decideSpoilerFold } from '../domain/reader-settings-decisions';
import { ChooseSpoilerFoldCommand } from './choose-spoiler-fold.command';

/** Resolves with the reader's settings after the choice. */
@CommandHandler(ChooseSpoilerFoldCommand)
export class ChooseSpoilerFoldHandler implements ICommandHandler<ChooseSpoilerFoldCommand, ReaderSettings> {
  constructor(private readonly store: EventStore) {}

  execute({ userId, fold }: ChooseSpoilerFoldCommand): Promise<ReaderSettings> {
    return appendDecision(this.store, libraryStreams.readerSettings(userId), (history) => decideSpoilerFold(history, { userId, fold }), eventMetadata(userId));
  }
}
