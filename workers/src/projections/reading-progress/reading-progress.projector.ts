import { Injectable } from '@nestjs/common';
import { type BookProgressReadModel, LibraryEventType, LibraryReadModelCollection, type ProgressRecordedV1, type ReadingProgressReadModel } from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { ProjectionContext, Projector } from '../projector';
import { bookProgressId, reduceBookProgress, reduceReadingProgress } from './reading-progress-reducers';

/**
 * Where each reader stopped in each book, and which chapters they have read. A reader's library streams share one
 * partition (partitionKey), so that partition's consumer is the only writer of both documents.
 */
@Injectable()
export class ReadingProgressProjector implements Projector {
  readonly name = 'reading-progress';
  readonly handles = [LibraryEventType.ProgressRecorded];
  readonly owns = [LibraryReadModelCollection.ReadingProgress, LibraryReadModelCollection.BookProgress];

  async apply(event: ProgressRecordedV1, { models }: ProjectionContext): Promise<void> {
    const { user_id, book_id } = event.data;
    const progress = models.collection<ReadingProgressReadModel>(LibraryReadModelCollection.ReadingProgress);
    const books = models.collection<BookProgressReadModel>(LibraryReadModelCollection.BookProgress);
    const [currentProgress, currentBook] = await Promise.all([progress.findOne({ _id: user_id }), books.findOne({ _id: bookProgressId(user_id, book_id) })]);
    const nextProgress = reduceReadingProgress(currentProgress, event);
    const nextBook = reduceBookProgress(currentBook, event);
    await Promise.all([
      nextProgress ? saveDocument(progress, nextProgress, !currentProgress) : undefined,
      nextBook ? saveDocument(books, nextBook, !currentBook) : undefined,
    ]);
  }
}
