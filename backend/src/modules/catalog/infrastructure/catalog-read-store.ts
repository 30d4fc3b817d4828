import { Injectable } from '@nestjs/common';
import {
  bookReadModelId,
  type BookReadModel,
  type ChapterReadModel,
  chapterReadModelId,
  ReadModelCollection,
} from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** Reads the catalogue read models, by id only (the cheapest lookup on every supported store). */
@Injectable()
export class CatalogReadStore {
  constructor(private readonly readModels: ReadModels) {}

  /** The book, or null when it does not exist or has no metadata yet. */
  async findBook(bookId: number): Promise<(BookReadModel & { metadata: NonNullable<BookReadModel['metadata']> }) | null> {
    const book = await this.readModels.collection<BookReadModel>(ReadModelCollection.Books).findOne({ _id: bookReadModelId(bookId) });
    return book?.metadata ? (book as BookReadModel & { metadata: NonNullable<BookReadModel['metadata']> }) : null;
  }

  findChapter(bookId: number, chapterId: number): Promise<ChapterReadModel | null> {
    return this.readModels.collection<ChapterReadModel>(ReadModelCollection.Chapters).findOne({ _id: chapterReadModelId(bookId, chapterId) });
  }
}
