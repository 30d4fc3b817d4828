import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  bookReadModelId,
  type BookReadModel,
  type ChapterReadModel,
  chapterReadModelId,
  ReadModelCollection,
} from '@shelf/contracts';
import type { Connection } from 'mongoose';

/** Reads the catalogue read models, by id only (the cheapest lookup on every supported store). */
@Injectable()
export class CatalogReadStore {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** The book, or null when it does not exist or has no metadata yet. */
  async findBook(bookId: number): Promise<(BookReadModel & { metadata: NonNullable<BookReadModel['metadata']> }) | null> {
    const book = await this.connection.collection<BookReadModel>(ReadModelCollection.Books).findOne({ _id: bookReadModelId(bookId) });
    return book?.metadata ? (book as BookReadModel & { metadata: NonNullable<BookReadModel['metadata']> }) : null;
  }

  findChapter(bookId: number, chapterId: number): Promise<ChapterReadModel | null> {
    return this.connection.collection<ChapterReadModel>(ReadModelCollection.Chapters).findOne({ _id: chapterReadModelId(bookId, chapterId) });
  }
}
