import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { libraryStreams, type Shelf } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import { CatalogReadStore } from '../../catalog';
import { decideShelf } from '../domain/shelf-decisions';
import { ShelvesReadStore } from '../infrastructure/shelves-read-store';
import { ChooseShelfCommand } from './choose-shelf.command';

/** Resolves with the story's shelf after the command. */
@CommandHandler(ChooseShelfCommand)
export class ChooseShelfHandler implements ICommandHandler<ChooseShelfCommand, Shelf | null> {
  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogReadStore,
    private readonly shelves: ShelvesReadStore,
  ) {}

  async execute({ userId, bookId, shelf }: ChooseShelfCommand): Promise<Shelf | null> {
    if (!(await this.catalog.bookExists(bookId))) throw new DomainError('not-found', 'Book not found.');
    const shelved = Object.keys(await this.shelves.stories(userId)).length;
    return appendDecision(this.store, libraryStreams.shelf(userId, bookId), (history) => decideShelf(history, { userId, bookId, shelf, shelved }), eventMetadata(userId));
  }
}
