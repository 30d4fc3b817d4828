import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { libraryStreams } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import { CatalogReadStore } from '../../catalog';
import { decideProgress } from '../domain/progress-decisions';
import { RecordProgressCommand } from './record-progress.command';

/** Records a reader's place in a chapter; resolves with whether anything was recorded (not when they have not moved). */
@CommandHandler(RecordProgressCommand)
export class RecordProgressHandler implements ICommandHandler<RecordProgressCommand, boolean> {
  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogReadStore,
  ) {}

  async execute({ userId, bookId, chapterId, position }: RecordProgressCommand): Promise<boolean> {
    const book = await this.catalog.findBook(bookId);
    if (!book) throw new DomainError('not-found', 'Book not found.');
    if (!book.chapters[`c${chapterId}`]) throw new DomainError('not-found', 'Chapter not found.');
    return appendDecision(
      this.store,
      libraryStreams.progress(userId, bookId, chapterId),
      (history) => decideProgress(history, { userId, bookId, chapterId, position }),
      eventMetadata(userId),
    );
  }
}
