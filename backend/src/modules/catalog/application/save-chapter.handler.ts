import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { catalogStreams } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { EventStore } from '../../../event-store/event-store';
import { decideChapter, type SaveOutcome } from '../domain/catalog-decisions';
import { appendDecision } from '../../../event-store/append-decision';
import { SaveChapterCommand } from './save-chapter.command';

@CommandHandler(SaveChapterCommand)
export class SaveChapterHandler implements ICommandHandler<SaveChapterCommand, SaveOutcome> {
  constructor(private readonly store: EventStore) {}

  async execute({ chapter, by }: SaveChapterCommand): Promise<SaveOutcome> {
    if ((await this.store.readStream(catalogStreams.book(chapter.book_id))).length === 0) {
      throw new DomainError('not-found', `book ${chapter.book_id} is not published: publish the book before its chapters`);
    }
    const stream = catalogStreams.chapter(chapter.book_id, chapter.chapter_id);
    return appendDecision(this.store, stream, (history) => decideChapter(history, chapter), by);
  }
}
