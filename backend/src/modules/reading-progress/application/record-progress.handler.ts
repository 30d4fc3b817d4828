import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { libraryStreams } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import { CatalogReadStore } from '../../catalog';
import { decideProgress, type ProgressOutcome } from '../domain/progress-decisions';
import { ReadingProgressReadStore } from '../infrastructure/reading-progress-read-store';
import { RecordProgressCommand } from './record-progress.command';

/**
 * Records a reader's place in a chapter and the chapter's text as they read it; resolves with whether the place was
 * recorded (not when they have not moved) and whether the text was revised since they last read it.
 */
@CommandHandler(RecordProgressCommand)
export class RecordProgressHandler implements ICommandHandler<RecordProgressCommand, ProgressOutcome> {
  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogReadStore,
    private readonly progress: ReadingProgressReadStore,
  ) {}

  async execute({ userId, bookId, chapterId, position }: RecordProgressCommand): Promise<ProgressOutcome> {
    const [book, places] = await Promise.all([this.catalog.findBook(bookId), this.progress.positions(userId)]);
    if (!book) throw new DomainError('not-found', 'Book not found.');
    const chapter = book.chapters[`c${chapterId}`];
    if (!chapter) throw new DomainError('not-found', 'Chapter not found.');
    const textHash = chapter.text_hash ?? null;
    const projected = places[`b${bookId}`];
    const bookPlace = projected ? { chapterId: projected.chapter_id, readAt: projected.read_at } : null;
    return appendDecision(
      this.store,
      libraryStreams.progress(userId, bookId, chapterId),
      (history) => decideProgress(history, { userId, bookId, chapterId, position, textHash, bookPlace }),
      eventMetadata(userId),
    );
  }
}
