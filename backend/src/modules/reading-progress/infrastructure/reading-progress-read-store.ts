import { Injectable } from '@nestjs/common';
import { type BookProgressReadModel, LibraryReadModelCollection, type ReadingProgressReadModel } from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** A reader's progress as the workers' reading-progress projector keeps it: one `_id` lookup each. */
@Injectable()
export class ReadingProgressReadStore {
  constructor(private readonly readModels: ReadModels) {}

  /** Where the reader stopped in every book they opened, keyed `b{book_id}`. */
  async positions(userId: string): Promise<ReadingProgressReadModel['books']> {
    const doc = await this.readModels.collection<ReadingProgressReadModel>(LibraryReadModelCollection.ReadingProgress).findOne({ _id: userId });
    return doc?.books ?? {};
  }

  /** The chapters the reader has read in the book, and the text of each as they read it; null when they opened none. */
  bookProgress(userId: string, bookId: number): Promise<BookProgressReadModel | null> {
    return this.readModels.collection<BookProgressReadModel>(LibraryReadModelCollection.BookProgress).findOne({ _id: `${userId}:${bookId}` });
  }
}
