import { Injectable } from '@nestjs/common';
import {
  type BookProgressReadModel,
  type ChapterTextReadV1,
  LibraryEventType,
  LibraryReadModelCollection,
  type ProgressRecordedV1,
  type ReaderForgottenV1,
  type ReadingProgressReadModel,
} from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { BatchModels, ProjectionContext, Projector } from '../../engine';
import { bookProgressId, reduceBookProgress, reduceReadingProgress } from './reading-progress-reducers';

/**
 * Where each reader stopped in each book, which chapters they have read and the text of each as they read it (so a
 * revision since shows); an erased reader's are emptied (ReaderForgotten). A reader's library streams share one
 * partition (partitionKey), so that partition's consumer is the only writer of both documents.
 */
@Injectable()
export class ReadingProgressProjector implements Projector {
  readonly name = 'reading-progress';
  readonly handles = [LibraryEventType.ProgressRecorded, LibraryEventType.ChapterTextRead, LibraryEventType.ReaderForgotten];
  readonly owns = [LibraryReadModelCollection.ReadingProgress, LibraryReadModelCollection.BookProgress];

  async apply(event: ProgressRecordedV1 | ChapterTextReadV1 | ReaderForgottenV1, { models }: ProjectionContext): Promise<void> {
    if (event.type === LibraryEventType.ReaderForgotten) return forget(event.data.user_id, models);
    const { user_id, book_id } = event.data;
    const books = models.collection<BookProgressReadModel>(LibraryReadModelCollection.BookProgress);
    if (event.type === LibraryEventType.ChapterTextRead) {
      const current = await books.findOne({ _id: bookProgressId(user_id, book_id) });
      const next = reduceBookProgress(current, event);
      if (next) await saveDocument(books, next, !current);
      return;
    }
    const progress = models.collection<ReadingProgressReadModel>(LibraryReadModelCollection.ReadingProgress);
    const [currentProgress, currentBook] = await Promise.all([progress.findOne({ _id: user_id }), books.findOne({ _id: bookProgressId(user_id, book_id) })]);
    const nextProgress = reduceReadingProgress(currentProgress, event);
    const nextBook = reduceBookProgress(currentBook, event);
    await Promise.all([
      nextProgress ? saveDocument(progress, nextProgress, !currentProgress) : undefined,
      nextBook ? saveDocument(books, nextBook, !currentBook) : undefined,
    ]);
  }
}

/** Empties the reader's places and chapters read, book by book: the documents stay, holding nothing of them. */
async function forget(userId: string, models: BatchModels): Promise<void> {
  const progress = models.collection<ReadingProgressReadModel>(LibraryReadModelCollection.ReadingProgress);
  const books = models.collection<BookProgressReadModel>(LibraryReadModelCollection.BookProgress);
  const current = await progress.findOne({ _id: userId });
  if (!current) return;
  for (const key of Object.keys(current.books)) {
    const bookId = Number(key.slice(1));
    await books.replaceOne({ _id: bookProgressId(userId, bookId) }, { user_id: userId, book_id: bookId, chapters_read: [], texts_read: {} }, { upsert: true });
  }
  await progress.replaceOne({ _id: userId }, { books: {} });
}
