import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { libraryStreams, type ReaderSettings } from '@shelf/contracts';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import { decideSwitches, decideTitleForm } from '../domain/reader-settings-decisions';
import { ChooseReaderSwitchesCommand, ChooseTitleFormCommand } from './choose-reader-settings.command';

/** Resolves with the reader's settings after the change. */
@CommandHandler(ChooseReaderSwitchesCommand)
export class ChooseReaderSwitchesHandler implements ICommandHandler<ChooseReaderSwitchesCommand, ReaderSettings> {
  constructor(private readonly store: EventStore) {}

  execute({ userId, switches }: ChooseReaderSwitchesCommand): Promise<ReaderSettings> {
    return appendDecision(this.store, libraryStreams.readerSettings(userId), (history) => decideSwitches(history, { userId, switches }), eventMetadata(userId));
  }
}

/** Resolves with the reader's settings after the choice. */
@CommandHandler(ChooseTitleFormCommand)
export class ChooseTitleFormHandler implements ICommandHandler<ChooseTitleFormCommand, ReaderSettings> {
  constructor(private readonly store: EventStore) {}

  execute({ userId, title, form }: ChooseTitleFormCommand): Promise<ReaderSettings> {
    return appendDecision(this.store, libraryStreams.readerSettings(userId), (history) => decideTitleForm(history, { userId, title, form }), eventMetadata(userId));
  }
}
