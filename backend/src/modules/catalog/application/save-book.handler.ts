import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { catalogStreams } from '@shelf/contracts';
import { EventStore } from '../../../event-store/event-store';
import { decideBook, type SaveOutcome } from '../domain/catalog-decisions';
import { appendDecision } from '../../../event-store/append-decision';
import { SaveBookCommand } from './save-book.command';

@CommandHandler(SaveBookCommand)
export class SaveBookHandler implements ICommandHandler<SaveBookCommand, SaveOutcome> {
  constructor(private readonly store: EventStore) {}

  execute({ metadata, by }: SaveBookCommand): Promise<SaveOutcome> {
    return appendDecision(this.store, catalogStreams.book(metadata.book_id), (history) => decideBook(history, metadata), by);
  }
}
